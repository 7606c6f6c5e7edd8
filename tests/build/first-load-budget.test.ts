/**
 * The first-load byte budget, from a real production build: each survey
 * route's first-load JS (what its HTML loads plus their static imports, from
 * Vite's build manifest) stays within bench/budgets.json, computed by the same
 * function `npm run bench` prints, and the data path and build-time tools stay
 * out of it. Bytes are stable, so they are tested; timings are not, so they
 * live in the bench only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readBudgets } from "../../scripts/bench/budgets.ts";
import { buildProduction, REPO_ROOT, type ProductionBuild } from "../../scripts/bench/build.ts";
import { measureBuild, surveyRoutes, type BuildSizes } from "../../scripts/bench/first-load.ts";

/** Packages that must never be in the first load (node_modules/<name>/ in a module id). */
const FORBIDDEN_PACKAGES = ["@supabase/", "ajv", "ajv-formats", "json-schema-to-typescript"];
/** Strings that only their code contains (minification keeps them). */
const FORBIDDEN_STRINGS = [
  { what: "supabase-js", text: "X-Client-Info" },
  { what: "supabase-js (postgrest-js)", text: "PostgrestError" },
  { what: "supabase-js", text: "supabase-js/" },
  { what: "ajv", text: "must have required property" },
  { what: "ajv", text: "ajv.js.org" },
];

const budgets = readBudgets();
const routes = surveyRoutes(join(REPO_ROOT, "surveys"));
let build: ProductionBuild;
let sizes: BuildSizes;

beforeAll(async () => {
  build = await buildProduction({ logLevel: "silent" });
  sizes = measureBuild(build.outDir, routes);
}, 240_000);

afterAll(() => build?.remove());

describe("first load of each survey route", () => {
  test("there is a survey route to check", () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(sizes.routes.map((route) => route.route)).toEqual(routes);
  });

  test.each(routes)(`%s: first-load JS ≤ ${budgets.firstLoadJsGzipBytesMax} bytes gzip (bench/budgets.json)`, (route) => {
    const measured = sizes.routes.find((candidate) => candidate.route === route)!;
    expect(measured.js.length, "the route's HTML loads its JS").toBeGreaterThan(0);
    const detail = measured.js.map((asset) => `${asset.file} ${asset.gzip} B gzip`).join(", ");
    expect(measured.jsTotal.gzip, `first-load JS of ${route}: ${detail}`).toBeLessThanOrEqual(budgets.firstLoadJsGzipBytesMax);
  });

  test.each(routes)("%s: supabase-js, ajv and json-schema-to-typescript are not in the first load", (route) => {
    const measured = sizes.routes.find((candidate) => candidate.route === route)!;
    for (const asset of measured.js) {
      const chunk = build.chunks.find((candidate) => candidate.fileName === asset.file);
      expect(chunk, `${asset.file} is a chunk of the build`).toBeDefined();
      const offending = chunk!.moduleIds.filter((id) => FORBIDDEN_PACKAGES.some((name) => id.replaceAll("\\", "/").includes(`/node_modules/${name}`)));
      expect(offending, `modules in first-load chunk ${asset.file}`).toEqual([]);
      const code = readFileSync(join(build.outDir, asset.file), "utf8");
      const found = FORBIDDEN_STRINGS.filter((marker) => code.includes(marker.text)).map((marker) => `${marker.what} ("${marker.text}")`);
      expect(found, `code of first-load chunk ${asset.file}`).toEqual([]);
    }
  });

  test("the submit path is still built, as a lazy chunk", () => {
    const lazyWithSupabase = sizes.lazy.filter((asset) => readFileSync(join(build.outDir, asset.file), "utf8").includes("X-Client-Info"));
    expect(lazyWithSupabase.length, "a lazy chunk holds supabase-js (else the markers above prove nothing)").toBeGreaterThan(0);
  });
});
