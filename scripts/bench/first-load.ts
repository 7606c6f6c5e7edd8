/**
 * What a survey route makes the browser download before the first question
 * works: the JS and CSS its built HTML references (module script,
 * modulepreload, the modules of its after-paint loader, stylesheet) plus
 * everything those chunks import statically,
 * from Vite's build manifest (dist/.vite/manifest.json, `build.manifest: true`).
 * Chunks reached only through dynamic import() are the lazy chunks, listed
 * apart. Sizes are raw, gzip (level 9) and brotli (quality 11), as
 * scripts/serve-dist.ts compresses them.
 *
 * Used by `npm run bench` and by tests/build/first-load-budget.test.ts, so the
 * test asserts exactly the figure the bench prints.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join, posix } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Manifest, Rolldown } from "vite";
import { readSurveyFiles } from "../lib/survey-files.ts";
import { AFTER_PAINT_ATTRIBUTE } from "../load-after-paint.ts";
import { surveyRouteLines } from "../vite-plugin-survey-routes.ts";

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface AssetSizes extends Sizes {
  /** Path inside the build folder, e.g. "assets/index-abc123.js". */
  file: string;
}

export interface RouteFirstLoad {
  route: string;
  /** The route's HTML file inside the build folder, e.g. "foreign-form/index.html". */
  htmlFile: string;
  html: Sizes;
  js: AssetSizes[];
  css: AssetSizes[];
  jsTotal: Sizes;
  cssTotal: Sizes;
  /** Files loaded only through dynamic import() from this route (transitively), not in the first load. */
  lazy: string[];
}

export interface BuildSizes {
  routes: RouteFirstLoad[];
  /** Every lazy chunk of any survey route, with its sizes; a chunk shared by lazy entries is listed once. */
  lazy: AssetSizes[];
}

const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

export function sizesOf(content: Buffer | string): Sizes {
  const buffer = typeof content === "string" ? Buffer.from(content) : content;
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }).length,
  };
}

export const addSizes = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

/** The survey routes, from surveys/*.json (as the prerender plugin and the app list them). */
export function surveyRoutes(surveysDir = "surveys"): string[] {
  return readSurveyFiles(surveysDir).files.map((survey) => (survey.data as { route: string }).route);
}

/** The built HTML of a route, as the prerender plugin writes it: "/" → index.html, "/x" → x/index.html. */
export function routeHtmlFile(route: string): string {
  return posix.join(route.replace(/^\/+/, ""), "index.html");
}

export function readManifest(outDir: string): Manifest {
  const file = join(outDir, ".vite", "manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: build with build.manifest: true (vite build --manifest)`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The same-origin JS and CSS URLs an HTML document loads up front (its after-paint loader's modules included). */
export function htmlAssetUrls(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) scripts.push(src);
    scripts.push(...(attribute(tag, AFTER_PAINT_ATTRIBUTE) ?? "").split(/\s+/).filter(Boolean));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) scripts.push(href);
    else if (rel.includes("stylesheet")) stylesheets.push(href);
  }
  return { scripts, stylesheets };
}

/** "/assets/x.js?v=1" → "assets/x.js"; undefined for another origin or a data: URL. */
function urlToFile(url: string): string | undefined {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return undefined;
  return posix.normalize(url.replace(/[?#].*$/, "").replace(/^\/+/, "")) || undefined;
}

/** Static closure of a route: its first-load JS and CSS files and its lazy files. */
export function routeFiles(manifest: Manifest, html: string): { js: string[]; css: string[]; lazy: string[] } {
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const js = new Set<string>();
  const css = new Set<string>();
  const visited = new Set<string>();
  const dynamicRoots = new Set<string>();

  const visitStatic = (key: string, jsOut: Set<string>, cssOut: Set<string>, seen: Set<string>, dynamicOut: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith(".js") || chunk.file.endsWith(".mjs")) jsOut.add(chunk.file);
    if (chunk.file.endsWith(".css")) cssOut.add(chunk.file);
    for (const file of chunk.css ?? []) cssOut.add(file);
    for (const imported of chunk.imports ?? []) visitStatic(imported, jsOut, cssOut, seen, dynamicOut);
    for (const dynamic of chunk.dynamicImports ?? []) dynamicOut.add(dynamic);
  };

  const { scripts, stylesheets } = htmlAssetUrls(html);
  for (const url of scripts) {
    const file = urlToFile(url);
    if (!file) continue;
    const key = keyByFile.get(file);
    if (key) visitStatic(key, js, css, visited, dynamicRoots);
    else js.add(file);
  }
  for (const url of stylesheets) {
    const file = urlToFile(url);
    if (file) css.add(file);
  }

  // Everything reachable through import() from the first load, minus the first load itself.
  const lazy = new Set<string>();
  const lazySeen = new Set<string>(visited);
  const queue = [...dynamicRoots];
  while (queue.length > 0) {
    const key = queue.shift()!;
    const found = new Set<string>();
    const nested = new Set<string>();
    visitStatic(key, found, found, lazySeen, nested);
    for (const file of found) if (!js.has(file) && !css.has(file)) lazy.add(file);
    queue.push(...nested);
  }
  return { js: [...js], css: [...css], lazy: [...lazy] };
}

/** First-load and lazy sizes of every survey route of a build made with `build.manifest: true`. */
export function measureBuild(outDir: string, routes: string[] = surveyRoutes()): BuildSizes {
  const manifest = readManifest(outDir);
  const sizeCache = new Map<string, AssetSizes>();
  const assetSizes = (file: string): AssetSizes => {
    let sizes = sizeCache.get(file);
    if (!sizes) {
      sizes = { file, ...sizesOf(readFileSync(join(outDir, file))) };
      sizeCache.set(file, sizes);
    }
    return sizes;
  };

  const lazyFiles = new Set<string>();
  const measured = routes.map((route): RouteFirstLoad => {
    const htmlFile = routeHtmlFile(route);
    const htmlPath = join(outDir, htmlFile);
    if (!existsSync(htmlPath)) throw new Error(`${htmlPath} is missing: the prerender plugin writes one HTML file per survey route`);
    const html = readFileSync(htmlPath, "utf8");
    const files = routeFiles(manifest, html);
    const js = files.js.map(assetSizes);
    const css = files.css.map(assetSizes);
    files.lazy.forEach((file) => lazyFiles.add(file));
    return {
      route,
      htmlFile,
      html: sizesOf(html),
      js,
      css,
      jsTotal: js.reduce<Sizes>(addSizes, ZERO),
      cssTotal: css.reduce<Sizes>(addSizes, ZERO),
      lazy: files.lazy,
    };
  });
  const lazy = [...lazyFiles].map(assetSizes).sort((a, b) => b.gzip - a.gzip);
  return { routes: measured, lazy };
}

/** What the first load of a route costs in all: its JS and CSS, gzip. */
export function firstLoadGzip(sizes: BuildSizes, route: string): number {
  const measured = sizes.routes.find((candidate) => candidate.route === route);
  if (!measured) throw new Error(`no route ${route} in the build (routes: ${sizes.routes.map((candidate) => candidate.route).join(", ")})`);
  return measured.jsTotal.gzip + measured.cssTotal.gzip;
}

/** Per route: its own survey file's name, and the names of the survey files its first-load chunks contain. */
export function surveyConfigsByRoute(chunks: Rolldown.OutputChunk[], sizes: BuildSizes, surveysDir: string): Record<string, { own: string; firstLoad: string[] }> {
  const lines = surveyRouteLines(surveysDir);
  const surveyFiles = new Set(lines.map((line) => basename(line.path)));
  return Object.fromEntries(
    sizes.routes.map((route) => {
      const own = lines.find((line) => line.route === route.route);
      if (!own) throw new Error(`no survey file in ${surveysDir} has the route ${route.route}`);
      const modules = route.js.flatMap((asset) => chunks.find((chunk) => chunk.fileName === asset.file)?.moduleIds ?? []);
      const firstLoad = [...new Set(modules.map((id) => basename(id.replace(/\?.*$/, ""))).filter((name) => surveyFiles.has(name)))].sort();
      return [route.route, { own: basename(own.path), firstLoad }];
    }),
  );
}
