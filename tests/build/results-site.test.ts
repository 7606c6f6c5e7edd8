/**
 * The results site is its own build (scripts/vite-plugin-results-site.ts):
 * /resultados/index.html loads only its own assets, and the respondents'
 * pages load 0 B more: none of their chunks holds a module of the site
 * (src/results/) or of the report's pipeline it uses (src/report/), and no
 * survey page refers to anything under /resultados/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildProduction, REPO_ROOT, type ProductionBuild } from "../../scripts/bench/build.ts";
import { htmlAssetUrls } from "../../scripts/bench/first-load.ts";

let build: ProductionBuild;

beforeAll(async () => {
  build = await buildProduction({ logLevel: "silent" });
}, 240_000);

afterAll(() => build?.remove());

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith(".html") ? [join(dir, entry.name)] : []));

test("/resultados/index.html loads its own script and stylesheet, from /resultados/assets/", () => {
  const html = readFileSync(join(build.outDir, "resultados", "index.html"), "utf8");
  const { scripts, stylesheets } = htmlAssetUrls(html);
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of [...scripts, ...stylesheets]) {
    expect(url.startsWith("/resultados/assets/"), url).toBe(true);
    expect(existsSync(join(build.outDir, url)), url).toBe(true);
  }
});

test("the page preloads the chunks its small entry imports at once (the app, React, the dashboard), and not supabase-js, which the first figures do not need", () => {
  const html = readFileSync(join(build.outDir, "resultados", "index.html"), "utf8");
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]!);
  const text = (url: string) => readFileSync(join(build.outDir, url), "utf8");
  const [entry] = htmlAssetUrls(html).scripts;
  // The entry's dynamic imports, as the bundler lists them for its preload helper.
  const imported = [...text(entry!).matchAll(/"assets\/([^"]+\.js)"/g)].map((match) => `/resultados/assets/${match[1]}`);
  expect(preloaded.length).toBeGreaterThan(1);
  expect(new Set(preloaded)).toEqual(new Set(imported));
  for (const url of [entry!, ...preloaded]) expect(text(url), url).not.toContain("supabase-js");
  expect(text(entry!).length).toBeLessThan(8_000);
});

test("no chunk of the survey build holds a module of the results site or of the report's pipeline", () => {
  const leaked = build.chunks.flatMap((chunk) => Object.keys(chunk.modules).map((id) => relative(REPO_ROOT, id.replace(/^\0/, ""))).filter((id) => id.startsWith("src/results/") || id.startsWith("src/report/")).map((id) => `${chunk.fileName}: ${id}`));
  expect(build.chunks.length).toBeGreaterThan(0);
  expect(leaked).toEqual([]);
});

test("no survey page refers to the results site", () => {
  const pages = htmlFiles(build.outDir).filter((file) => !relative(build.outDir, file).startsWith("resultados"));
  expect(pages.length).toBeGreaterThan(1);
  for (const page of pages) expect(readFileSync(page, "utf8"), relative(build.outDir, page)).not.toContain("/resultados/");
});
