/**
 * After the client build, renders every survey route, every thank-you page,
 * every receipt data page and the 404 page to static HTML (dist/<route>/index.html, dist/404.html)
 * with the same App, which the client then hydrates. The page's scripts load
 * once it is painted (see load-after-paint.ts), and input made before they
 * have run is recorded (capture-early-input.ts); each page loads the config
 * chunk of the survey it is worded by alongside, which the app would
 * otherwise only request once its own script has run. Then the headers each
 * page needs, its Content-Security-Policy with the hashes of its inline code,
 * go into the hosts' files (scripts/security-headers/). The server bundle is
 * built to a temporary folder and deleted: it never ships.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { defaultSurvey, thankYouPages } from "../src/core/site-pages.ts";
import { captureEarlyInput } from "./capture-early-input.ts";
import { languageChoiceScript, withHeadScript } from "./language-choice.ts";
import { loadScriptsAfterPaint } from "./load-after-paint.ts";
import { writeHostFiles, type BuiltPage } from "./security-headers/host-files.ts";
import { moveStyleAttributes } from "./security-headers/style-attributes.ts";
import { frameAncestorsFrom } from "./security-headers/policy.ts";
import { surveyRouteLines, surveyRoutesPlugin, type SurveyRouteLine } from "./vite-plugin-survey-routes.ts";
import { surveysPlugin } from "./vite-plugin-surveys.ts";

const NOT_FOUND_PROBE = "/__prerender-not-found__";

export interface PrerenderTarget {
  url: string;
  /** Where the HTML goes, relative to the build folder. */
  file: string;
  /** The survey file the page is worded by (absolute path): its config chunk loads with the page's scripts. */
  survey?: string;
  /** A survey's page in one of its several languages: the script that moves to the respondent's language before paint. */
  languageChoice?: string;
}

/** Each survey route, each thank-you page (worded by the first survey that ends there), each conditional ending's page, each receipt data page and the 404 page (by the default survey). */
export function prerenderTargets(surveysDir: string): PrerenderTarget[] {
  const lines = surveyRouteLines(surveysDir);
  const page = (url: string, survey: string | undefined, file = join(url, "index.html")) => ({ url, file, ...(survey && { survey }) });
  // A survey in several languages has each page once per language, worded by that language's config chunk.
  const inEachLanguage = (line: SurveyRouteLine, url: string) => [
    page(url, line.path),
    ...(line.languages ?? []).slice(1).map((language) => page(`${url === "/" ? "" : url}/${language}`, `${line.path}?lang=${language}`)),
  ];
  const surveys = lines.flatMap((line) => inEachLanguage(line, line.route).map((target, index) => (line.languages ? { ...target, languageChoice: languageChoiceScript(line, index) } : target)));
  const thankYous = thankYouPages(lines, (line) => (line.languages ?? []).slice(1)).map(({ path, survey, language }) => page(path, language ? `${survey.path}?lang=${language}` : survey.path));
  const endings = lines.flatMap((line) => line.endingPages.flatMap(({ path }) => inEachLanguage(line, path)));
  // A receipt's data page: typed from the thank-you page or opened from a link preview before any script runs.
  const dataPages = lines.flatMap((line) => (line.receiptPath ? inEachLanguage(line, line.receiptPath) : []));
  return [...surveys, ...thankYous, ...endings, ...dataPages, page(NOT_FOUND_PROBE, defaultSurvey(lines)?.path, "404.html")];
}

/** The <title>, <meta> and <link> tags React 19 emits ahead of a page rendered without its own <head>. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

/**
 * Puts the rendered app into the template. The page's head tags (title,
 * description, link previews) move into <head> in place of the template's
 * title, and <html lang> takes the language of the page's root element (each
 * page renders <main lang>), so every route declares its own language.
 */
export function injectHtml(template: string, appHtml: string): string {
  const headTags = appHtml.match(LEADING_HEAD_TAGS)?.[0] ?? "";
  const body = appHtml.slice(headTags.length);
  // After the markers of the Suspense boundary each page is loaded in (<!--$-->).
  const lang = body.match(/^(?:<!--[^>]*-->)*<[a-z]+[^>]*\slang="([^"]+)"/)?.[1];
  const html = lang ? template.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`) : template;
  const head = headTags.replace(/(?=<(?:title|meta|link)[ >])/g, "\n    ").trimStart();
  return html.replace(/<title>[^<]*<\/title>\s*/, "").replace("</head>", `  ${head}\n  </head>`).replace("<!--app-html-->", body);
}

/** The stylesheet is small (about 2 KB compressed): inlined, the first paint waits for no request. */
export function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => `<style>${readFileSync(join(outDir, file), "utf8")}</style>`);
}

export function prerender({ surveysDir = "surveys" } = {}): Plugin {
  let config: ResolvedConfig;
  /** Whether the build itself failed (buildEnd is told; closeBundle runs anyway). */
  let failed = false;
  /** Survey file (absolute path) → its config chunk's file in the build. */
  const surveyChunks = new Map<string, string>();
  return {
    name: "rmj-prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && /\.json(\?|$)/.test(chunk.facadeModuleId ?? "")) surveyChunks.set(chunk.facadeModuleId!, chunk.fileName);
      }
    },
    buildEnd(error) {
      failed = error !== undefined;
    },
    async closeBundle() {
      // A failed build wrote no index.html: leave its own error to the developer.
      if (config.build.ssr || failed) return;
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project, so that the server bundle resolves react & co. from node_modules.
      const serverDir = mkdtempSync(join(config.root, "node_modules", ".rmj-ssr-"));
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: "warn",
          plugins: [react(), surveysPlugin({ dir: surveysDir }), surveyRoutesPlugin({ dir: surveysDir })],
          build: { ssr: resolve(config.root, "src/entry-server.tsx"), outDir: serverDir, emptyOutDir: true },
        });
        const { renderRoute } = (await import(pathToFileURL(join(serverDir, "entry-server.js")).href)) as { renderRoute: (url: string) => Promise<string> };
        const template = readFileSync(join(outDir, "index.html"), "utf8");
        const pages: BuiltPage[] = [];
        for (const target of prerenderTargets(resolve(config.root, surveysDir))) {
          const file = join(outDir, target.file);
          mkdirSync(join(file, ".."), { recursive: true });
          const chunk = target.survey && surveyChunks.get(target.survey);
          if (target.survey && !chunk) throw new Error(`[prerender] no chunk of the build holds ${target.survey}: the route ${target.url} would load it late`);
          const rendered = injectHtml(template, await renderRoute(target.url));
          const html = moveStyleAttributes(inlineStylesheets(target.languageChoice ? withHeadScript(rendered, target.languageChoice) : rendered, outDir));
          const page = captureEarlyInput(loadScriptsAfterPaint(html, chunk ? [config.base + chunk] : []));
          writeFileSync(file, page);
          pages.push({ ...(target.url !== NOT_FOUND_PROBE && { path: target.url }), html: page });
        }
        writeHostFiles(outDir, pages, { supabaseUrl: config.env.VITE_SUPABASE_URL, frameAncestors: frameAncestorsFrom(process.env.FRAME_ANCESTORS) });
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
