/**
 * The results site's first view starts its requests together
 * (src/results/first-view.ts): the numbers of the plain view do not wait for
 * results_me when the address names the survey, and wait only for it when it
 * does not; a filtered or other view asks for nothing early; the early
 * numbers go once, to the same token, survey and unfiltered view. The
 * requests are recorded by a stand-in for the rpc (what the database answers
 * is tested through PostgREST in tests/integration/results-access.test.ts);
 * the time to the first figure is measured by `npm run bench:results`.
 */
import { beforeEach, describe, expect, test, vi } from "vitest";

const calls = vi.hoisted(() => [] as { name: string; args: unknown; resolve: (value: unknown) => void }[]);
vi.mock("../../src/results/supabase.ts", () => ({
  rpc: (name: string, args: unknown) => new Promise((resolve) => calls.push({ name, args, resolve })),
}));
vi.mock("../../src/results/dashboard.tsx", () => ({ Dashboard: () => null }));

const { startFirstView, takeEarlyNumbers } = await import("../../src/results/first-view.ts");
const member = { email: "a@b.c", role: "viewer", personal: false, aal: "aal1", surveys: [{ id: "foreign-form", needsAal2: false }] };
const names = () => calls.map((call) => call.name);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  calls.length = 0;
  takeEarlyNumbers("t", "foreign-form", "{}");
  takeEarlyNumbers("t", "medical-form", "{}");
});

describe("the first view's requests", () => {
  test("with ?survey= the numbers start beside results_me, before it answers", () => {
    void startFirstView("t", "?survey=medical-form");
    expect(names()).toEqual(["results_me", "results_numbers"]);
    expect(calls[1]!.args).toEqual({ survey: "medical-form", filters: {} });
  });

  test("without it they start as soon as results_me names the member's first survey", async () => {
    const me = startFirstView("t", "");
    expect(names()).toEqual(["results_me"]);
    calls[0]!.resolve(member);
    expect(await me).toEqual(member);
    await settle();
    expect(names()).toEqual(["results_me", "results_numbers"]);
    expect(calls[1]!.args).toEqual({ survey: "foreign-form", filters: {} });
  });

  test("a filtered view or another view asks for nothing early", () => {
    void startFirstView("t", "?survey=foreign-form&utm_source=instagram");
    void startFirstView("t", "?survey=foreign-form&view=responses");
    expect(names()).toEqual(["results_me", "results_me"]);
    expect(takeEarlyNumbers("t", "foreign-form", "{}")).toBeNull();
  });

  test("the early numbers go once, and only to the same token, survey and unfiltered view", async () => {
    void startFirstView("t", "?survey=foreign-form");
    expect(takeEarlyNumbers("another token", "foreign-form", "{}")).toBeNull();
    expect(takeEarlyNumbers("t", "medical-form", "{}")).toBeNull();
    expect(takeEarlyNumbers("t", "foreign-form", '{"language":"es"}')).toBeNull();
    const early = takeEarlyNumbers("t", "foreign-form", "{}");
    calls[1]!.resolve({ responses: 3 });
    expect(await early).toEqual({ responses: 3 });
    expect(takeEarlyNumbers("t", "foreign-form", "{}")).toBeNull();
  });
});
