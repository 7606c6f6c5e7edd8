/**
 * The first-load byte budget, from a real production build: each survey
 * route's first-load JS (what its HTML loads plus their static imports, from
 * Vite's build manifest) stays within bench/budgets.json, computed by the same
 * function `npm run bench` prints, and the data path, the build-time tools and
 * the other surveys' configs stay out of it. A copy of the project with 12
 * more surveys shows that a survey costs the other pages almost nothing.
 * Bytes are stable, so they are tested; timings are not, so they live in the
 * bench only.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readBudgets } from "../../scripts/bench/budgets.ts";
import { buildProduction, REPO_ROOT, type ProductionBuild } from "../../scripts/bench/build.ts";
import { firstLoadGzip, htmlAssetUrls, measureBuild, surveyConfigsByRoute, surveyRoutes, type BuildSizes } from "../../scripts/bench/first-load.ts";
import { EXTRA_SURVEYS, projectCopyWithExtraSurveys, type CopyWithExtraSurveys } from "../../scripts/bench/project-copy.ts";
import { typesUsedBy } from "../../scripts/vite-plugin-question-types.ts";
import { EARLY_INPUT_GLOBAL } from "../../src/early-input-records.ts";
import { questionTypes } from "../../src/question-types/registry.ts";

/** The inline script that records input made before the page's scripts run: "a few hundred bytes". */
const EARLY_INPUT_CAPTURE_BYTES_MAX = 600;
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

  test.each(routes)(`%s: the capture of input made before the scripts run is one inline script in <head>, at most ${EARLY_INPUT_CAPTURE_BYTES_MAX} B`, (route) => {
    const html = readFileSync(join(build.outDir, route, "index.html"), "utf8");
    const head = html.slice(0, html.indexOf("</head>"));
    const captures = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).filter((script) => script.includes(EARLY_INPUT_GLOBAL));
    expect(captures).toHaveLength(1);
    expect(Buffer.byteLength(captures[0]!), "bytes of the inline capture").toBeLessThanOrEqual(EARLY_INPUT_CAPTURE_BYTES_MAX);
  });

  test("each route's first load holds its own survey config and no other", () => {
    const configs = surveyConfigsByRoute(build.chunks, sizes, join(REPO_ROOT, "surveys"));
    expect(Object.keys(configs).sort()).toEqual([...routes].sort());
    for (const [route, found] of Object.entries(configs)) expect(found.firstLoad, `survey files in the first load of ${route}`).toEqual([found.own]);
  });

  test("the site carries the question types its surveys ask and no other: their definitions in the first load, their inputs as chunks", () => {
    const asked = typesUsedBy(join(REPO_ROOT, "surveys"));
    expect(asked.length, "the shipped surveys ask some types").toBeGreaterThan(0);
    expect(asked.length, "and not every type (else this test shows nothing)").toBeLessThan(questionTypes().length);
    // A chunk lists the modules tree-shaking emptied too: only those with code count.
    const withCode = (chunk: (typeof build.chunks)[number] | undefined) => Object.entries(chunk?.modules ?? {}).flatMap(([id, module]) => (module.renderedLength > 0 ? [id] : []));
    const typesIn = (moduleIds: string[], file: string) => [...new Set(moduleIds.flatMap((id) => id.match(new RegExp(`src/question-types/(\\w+)/${file}$`))?.[1] ?? []))].sort();
    for (const route of sizes.routes) {
      const firstLoad = route.js.flatMap((asset) => withCode(build.chunks.find((chunk) => chunk.fileName === asset.file)));
      expect(typesIn(firstLoad, "definition\\.ts"), `definitions in the first load of ${route.route}`).toEqual([...asked].sort());
      // The tools (the build's, the database's and the report's code) never reach the page.
      expect(typesIn(firstLoad, "(?:tools|report-sql)\\.ts"), `tools in the first load of ${route.route}`).toEqual([]);
    }
    expect(typesIn(build.chunks.flatMap(withCode), "input\\.tsx"), "inputs anywhere in the build").toEqual([...asked].sort());
  });

  test("the thank-you and 404 pages load, with their scripts, the config of the survey that words them and no other", () => {
    const surveyFiles = ["foreign-form.json", "medical-form.json"];
    const configsLoadedBy = (htmlFile: string) => {
      const { scripts } = htmlAssetUrls(readFileSync(join(build.outDir, htmlFile), "utf8"));
      const modules = scripts.flatMap((url) => build.chunks.find((chunk) => `/${chunk.fileName}` === url)?.moduleIds ?? []);
      return modules.map((id) => basename(id)).filter((name) => surveyFiles.includes(name));
    };
    // Both shipped surveys end on /thank-you, worded alike; the first file words it. The 404 page is the default survey's (at "/").
    expect(configsLoadedBy("thank-you/index.html")).toEqual(["foreign-form.json"]);
    expect(configsLoadedBy("404.html")).toEqual(["medical-form.json"]);
  });

  test("the submit path is still built, as a lazy chunk", () => {
    const lazyWithSupabase = sizes.lazy.filter((asset) => readFileSync(join(build.outDir, asset.file), "utf8").includes("X-Client-Info"));
    expect(lazyWithSupabase.length, "a lazy chunk holds supabase-js (else the markers above prove nothing)").toBeGreaterThan(0);
  });
});

describe(`with ${EXTRA_SURVEYS} more surveys (a temporary copy of the project)`, () => {
  let copy: CopyWithExtraSurveys;
  let bigBuild: ProductionBuild;
  let bigSizes: BuildSizes;

  beforeAll(async () => {
    copy = projectCopyWithExtraSurveys(EXTRA_SURVEYS);
    bigBuild = await buildProduction({ logLevel: "silent", root: copy.root });
    bigSizes = measureBuild(bigBuild.outDir, surveyRoutes(join(copy.root, "surveys")));
  }, 240_000);

  afterAll(() => {
    bigBuild?.remove();
    copy?.remove();
  });

  test("every generated survey gets its route, prerendered", () => {
    expect(bigSizes.routes.map((route) => route.route)).toEqual(expect.arrayContaining([...routes, ...copy.extraRoutes]));
    expect(bigSizes.routes).toHaveLength(routes.length + EXTRA_SURVEYS);
  });

  test(`the first-load JS+CSS of / grows by at most ${budgets.firstLoadGrowthWith12MoreSurveysGzipBytesMax} B gzip (bench/budgets.json)`, () => {
    const before = firstLoadGzip(sizes, "/");
    const after = firstLoadGzip(bigSizes, "/");
    expect(after - before, `/ first-load JS+CSS: ${before} B gzip with ${routes.length} surveys, ${after} B with ${routes.length + EXTRA_SURVEYS}`).toBeLessThanOrEqual(budgets.firstLoadGrowthWith12MoreSurveysGzipBytesMax);
  });

  test("each route's first load still holds its own survey config and no other", () => {
    const configs = surveyConfigsByRoute(bigBuild.chunks, bigSizes, join(copy.root, "surveys"));
    expect(Object.keys(configs)).toHaveLength(routes.length + EXTRA_SURVEYS);
    for (const [route, found] of Object.entries(configs)) expect(found.firstLoad.map((file) => basename(file)), `survey files in the first load of ${route}`).toEqual([found.own]);
  });
});
