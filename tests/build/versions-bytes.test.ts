/**
 * What the definition's version costs the respondents, from a real
 * production build of the shipped surveys: each survey's page receives its
 * version with its config, and the build's commit is in the build but never
 * in a route's first load (only toRow reads it, in the submit's chunk).
 * The version is every survey's, so there is no build without it to
 * compare with byte for byte; first-load-budget.test.ts holds the total.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { join } from "node:path";
import { REPO_ROOT } from "../../scripts/bench/build.ts";
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { buildCommit } from "../../scripts/vite-plugin-build-commit.ts";
import { allScripts, buildOf, type BuiltSite, firstLoadFiles, removeBuilds } from "../support/first-load-files.ts";

const configs = loadSurveys(join(REPO_ROOT, "surveys")).surveys.map(({ config }) => config);
const commit = buildCommit(REPO_ROOT);
let shipped: BuiltSite;

beforeAll(async () => {
  shipped = await buildOf(undefined);
}, 300_000);
afterAll(removeBuilds);

describe("the definition's version in the build", () => {
  test.each(configs.map((config) => [config.route, config] as const))("%s: the page receives its survey's version, once per config it may load", (_, config) => {
    const served = allScripts(shipped).split(definitionVersion(config)).length - 1;
    expect(served, "the survey's config chunks carrying its version").toBeGreaterThanOrEqual(1);
  });

  test("the build knows its commit (git HEAD of this checkout)", () => {
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(allScripts(shipped)).toContain(commit);
  });

  test.each(configs.map((config) => config.route))("%s: the commit is not in the first load", (route) => {
    const first = firstLoadFiles(shipped, route);
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter((file) => file.text.includes(commit!)).map((file) => file.name)).toEqual([]);
  });
});
