/**
 * After the client build, renders every survey route, /thank-you and the 404
 * page to static HTML (dist/<route>/index.html, dist/404.html) with the same
 * App, which the client then hydrates. The server bundle is built to a
 * temporary folder and deleted: it never ships.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { thankYouPath } from "../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../src/generated/survey-config.ts";
import { readSurveyFiles } from "./lib/survey-files.ts";
import { surveysPlugin } from "./vite-plugin-surveys.ts";

const NOT_FOUND_PROBE = "/__prerender-not-found__";

/** Where each route's HTML goes, relative to the build folder. */
export function prerenderTargets(surveysDir: string): { url: string; file: string }[] {
  const configs = readSurveyFiles(surveysDir).files.map((survey) => survey.data as SurveyConfig);
  const urls = new Set([...configs.map((config) => config.route), ...configs.map(thankYouPath)]);
  const pages = [...urls].map((url) => ({ url, file: join(url, "index.html") }));
  return [...pages, { url: NOT_FOUND_PROBE, file: "404.html" }];
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
  const lang = body.match(/^<[a-z]+[^>]*\slang="([^"]+)"/)?.[1];
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
  return {
    name: "rmj-prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project, so that the server bundle resolves react & co. from node_modules.
      const serverDir = mkdtempSync(join(config.root, "node_modules", ".rmj-ssr-"));
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: "warn",
          plugins: [react(), surveysPlugin({ dir: surveysDir })],
          build: { ssr: resolve(config.root, "src/entry-server.tsx"), outDir: serverDir, emptyOutDir: true },
        });
        const { renderRoute } = (await import(pathToFileURL(join(serverDir, "entry-server.js")).href)) as { renderRoute: (url: string) => Promise<string> };
        const template = readFileSync(join(outDir, "index.html"), "utf8");
        for (const target of prerenderTargets(resolve(config.root, surveysDir))) {
          const file = join(outDir, target.file);
          mkdirSync(join(file, ".."), { recursive: true });
          writeFileSync(file, inlineStylesheets(injectHtml(template, await renderRoute(target.url)), outDir));
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
