/**
 * The stack a spec runs against when it is not the product's: a fixture set
 * served by the shared fixtures stack (fixtureStack), or a stack of its own
 * (stackForSpec: a set generated while the spec runs, or a stack the spec
 * breaks), started before the spec's tests, which then run in order, and
 * stopped after them. Read `spec.stack` and `spec.access` inside the tests.
 */
import type { DataApiAccess } from "./db.ts";
import { stackAddresses, type StackAddresses } from "./env.ts";
import { assertSharedFixtureSet } from "./fixture-sets.ts";
import { startStack, type Stack, type StackOptions } from "./stack.ts";
import { test } from "./test.ts";

export interface SpecStack<S extends StackAddresses = StackAddresses> {
  stack: S;
  access: DataApiAccess;
}

/** A spec of a shared fixture set (its folder under tests/fixtures/surveys/); its tests run in order, as they were written. */
export function fixtureStack(surveysDir: string): SpecStack {
  assertSharedFixtureSet(surveysDir);
  const spec = {} as SpecStack;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(() => {
    spec.stack = stackAddresses("fixtures");
    spec.access = { apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey };
  });
  return spec;
}

export function stackForSpec(options: StackOptions = {}, startTimeoutMs = 180_000): SpecStack<Stack> {
  const spec = {} as SpecStack<Stack>;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    test.setTimeout(startTimeoutMs);
    spec.stack = await startStack(options);
    spec.access = { apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey };
  });
  test.afterAll(async () => {
    await spec.stack?.stop();
  });
  return spec;
}
