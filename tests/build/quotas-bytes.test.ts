/**
 * What quotas cost, from real production builds: a site none of whose
 * surveys has `quotas` (the shipped surveys) carries none of their code, in
 * no file (src/quotas/site-quotas.ts folds away: the screen-out pages'
 * routes, the refusal that leads there, the options hidden when full); a
 * site with quotas has it. That the shipped build is byte-identical to the
 * one before quotas was checked when they were added, by building both.
 */
import { join } from "node:path";
import { allScripts, buildOf, type BuiltSite, removeBuilds } from "../support/first-load-files.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/bench/build.ts";
import { fullQuotasFunctionName, QUOTA_ERROR_CODE } from "../../src/core/quotas.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/campaign");
/** Strings only the feature's code holds: the full quotas' rpc suffix, the refusal's code, the screen-out pages' key. */
const MARKERS = { rpc: fullQuotasFunctionName(""), code: QUOTA_ERROR_CODE, pages: "screenOut" };

let shipped: BuiltSite;
let quotas: BuiltSite;

beforeAll(async () => {
  shipped = await buildOf(undefined);
  quotas = await buildOf(FIXTURE);
}, 400_000);

afterAll(removeBuilds);

describe("quotas in the build", () => {
  test("a site without quotas carries none of their code, in no file", () => {
    const all = allScripts(shipped);
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(false);
  });

  test("a site with quotas carries the screen-out and the hidden options", () => {
    const all = allScripts(quotas);
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(true);
  });
});
