/**
 * A spec with a stack of its own (another set of survey files, or one it may
 * break): started before the spec's tests, which then run in order, and
 * stopped after them. Read `spec.stack` and `spec.access` inside the tests.
 */
import type { DataApiAccess } from "./db.ts";
import { startStack, type Stack, type StackOptions } from "./stack.ts";
import { test } from "./test.ts";

export interface SpecStack {
  stack: Stack;
  access: DataApiAccess;
}

export function stackForSpec(options: StackOptions = {}, startTimeoutMs = 180_000): SpecStack {
  const spec = {} as SpecStack;
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
