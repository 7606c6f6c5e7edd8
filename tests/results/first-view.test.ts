/**
 * The results site's first view starts its requests together
 * (src/results/first-view.ts): a sign-in link's token starts them from the
 * entry; the numbers of the plain view go beside results_me, to the survey
 * the address names, else to the build's first survey (the one results_me
 * names first), and again to the member's first survey once results_me
 * names another; a filtered or other view asks for no numbers early; the
 * early numbers go once, to the same survey and unfiltered view, and a first
 * view for another token drops them. The requests are recorded by a
 * stand-in for the fetch (what the database answers is tested through
 * PostgREST in tests/integration/results-access.test.ts, what a member sees
 * in tests/e2e/results.spec.ts); the time to the first figure is measured by
 * `npm run bench:results`.
 */
import { afterAll, beforeEach, describe, expect, test, vi } from "vitest";

const calls = vi.hoisted(() => [] as { token: string; name: string; args: unknown; resolve: (value: unknown) => void }[]);
const surveyLoads = vi.hoisted(() => [] as string[]);
vi.mock("../../src/results/rest-rpc.ts", () => ({
  rpcWithToken: (token: string, name: string, args: unknown) => new Promise((resolve) => calls.push({ token, name, args, resolve })),
}));
vi.mock("../../src/results/survey-config.ts", () => ({ loadSurveyConfig: async (id: string) => void surveyLoads.push(id) }));
vi.mock("../../src/results/dashboard.tsx", () => ({ Dashboard: () => null }));

const { dashboardPrefetch, linkedToken, startFirstView, startFromLink, takeEarlyNumbers, tokenOfLink } = await import("../../src/results/first-view.ts");
const member = (first: string) => ({ email: "a@b.c", role: "viewer", personal: false, aal: "aal1", surveys: [{ id: first, needsAal2: false }] });
const requests = () => calls.map((call) => `${call.token} ${call.name} ${(call.args as { survey?: string } | undefined)?.survey ?? ""}`.trim());
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let tokens = 0;
/** Each test's own token: a first view starts once per token. */
const nextToken = () => `t${(tokens += 1)}`;

beforeEach(() => {
  calls.length = 0;
  surveyLoads.length = 0;
});

// The first view starts loading the dashboard's chunk without waiting for it. In whole runs that load was still going
// when vitest tore the file's environment down (three EnvironmentTeardownErrors charged to this file), even with
// vi.dynamicImportSettled after the file: the file ends once it has loaded.
afterAll(() => dashboardPrefetch());

describe("the first view's requests", () => {
  test("a sign-in link's token starts them from the entry, before supabase-js has read it", () => {
    expect(tokenOfLink("#access_token=abc&expires_in=3600&token_type=bearer")).toBe("abc");
    expect(tokenOfLink("#error_description=expired")).toBeNull();
    startFromLink({ hash: "#access_token=link-token&type=magiclink", search: "?survey=medical-form" });
    expect(linkedToken()).toBe("link-token");
    expect(requests()).toEqual(["link-token results_me", "link-token results_numbers medical-form"]);
    expect(surveyLoads).toEqual(["medical-form"]);
  });

  test("the same token asks once: the app's start takes the entry's", async () => {
    const token = nextToken();
    const first = startFirstView(token, "?survey=foreign-form");
    expect(startFirstView(token, "?survey=foreign-form")).toBe(first);
    expect(requests()).toEqual([`${token} results_me`, `${token} results_numbers foreign-form`]);
  });

  test("the dashboard's chunk starts loading with the first view, once whatever the tokens", () => {
    startFirstView(nextToken(), "");
    const chunk = dashboardPrefetch();
    expect(chunk).toBeInstanceOf(Promise);
    startFirstView(nextToken(), "?view=crosstab");
    expect(dashboardPrefetch()).toBe(chunk);
  });

  test("without ?survey= the numbers go at once to the build's first survey, which results_me names first", async () => {
    const token = nextToken();
    const me = startFirstView(token, "?lang=es");
    expect(requests()).toEqual([`${token} results_me`, `${token} results_numbers foreign-form`]);
    calls[0]!.resolve(member("foreign-form"));
    expect(await me).toEqual(member("foreign-form"));
    await settle();
    expect(calls).toHaveLength(2);
  });

  test("and to the member's first survey when results_me names another", async () => {
    const token = nextToken();
    void startFirstView(token, "");
    calls[0]!.resolve(member("medical-form"));
    await settle();
    expect(requests()).toEqual([`${token} results_me`, `${token} results_numbers foreign-form`, `${token} results_numbers medical-form`]);
    expect(takeEarlyNumbers("foreign-form", "{}")).toBeNull();
    expect(takeEarlyNumbers("medical-form", "{}")).not.toBeNull();
  });

  test("a filtered view or another view asks for no numbers early", () => {
    void startFirstView(nextToken(), "?survey=foreign-form&utm_source=instagram");
    void startFirstView(nextToken(), "?survey=foreign-form&view=responses");
    expect(calls.map((call) => call.name)).toEqual(["results_me", "results_me"]);
    expect(takeEarlyNumbers("foreign-form", "{}")).toBeNull();
  });

  test("the early numbers go once, to the same survey and unfiltered view; another token's first view drops them", async () => {
    void startFirstView(nextToken(), "?survey=foreign-form");
    expect(takeEarlyNumbers("medical-form", "{}")).toBeNull();
    expect(takeEarlyNumbers("foreign-form", '{"language":"es"}')).toBeNull();
    const early = takeEarlyNumbers("foreign-form", "{}");
    calls[1]!.resolve({ responses: 3 });
    expect(await early).toEqual({ responses: 3 });
    expect(takeEarlyNumbers("foreign-form", "{}")).toBeNull();
    void startFirstView(nextToken(), "?survey=medical-form");
    void startFirstView(nextToken(), "?survey=medical-form&view=members");
    expect(takeEarlyNumbers("medical-form", "{}")).toBeNull();
  });
});
