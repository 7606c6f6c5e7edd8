/**
 * The team's results site (src/results/) as a build of its own, run when the
 * survey build has written its files: dist/resultados/index.html and its own
 * dist/resultados/assets/. A separate build rather than a second input of the
 * survey's, so that no chunk is shared and the respondents' pages load 0 B
 * more (tests/build/results-site-bytes.test.ts). The page has no inline
 * script or style, so the build's policy for every path (/*) fits it.
 */
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build, type Plugin, type ResolvedConfig } from "vite";
import react from "@vitejs/plugin-react";
import { CSP_SAFE_ALIASES } from "./security-headers/vite-aliases.ts";
import { resultsPreloadPlugin } from "./vite-plugin-results-preload.ts";
import { surveyRoutesPlugin } from "./vite-plugin-survey-routes.ts";
import { surveysPlugin } from "./vite-plugin-surveys.ts";

/** Where the site is served: its folder in the build. */
export const RESULTS_PATH = "resultados";

/** A share link's page, under the site: /resultados/publico/<survey id>/#<token>. */
export const SHARED_PATH = "publico";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * One copy of the share page per survey (publico/<id>/index.html), whose
 * title names the survey for a messaging app's link preview (which reads the
 * HTML without running it): the survey's pageTitle and a fixed description,
 * never a number or an answer. The token after # is not part of the address
 * a server or a preview sees.
 */
function writeSharedPages(sharedDir: string, surveysDir: string): void {
  const page = readFileSync(join(sharedDir, "index.html"), "utf8");
  for (const file of readdirSync(surveysDir).filter((name) => name.endsWith(".json") && !name.endsWith(".schema.json"))) {
    const survey = JSON.parse(readFileSync(join(surveysDir, file), "utf8")) as { id?: string; pageTitle?: string };
    if (!survey.id || !/^[a-z0-9-]+$/.test(survey.id)) continue;
    const title = escapeHtml(`${survey.pageTitle ?? survey.id} · Resultados publicados`);
    mkdirSync(join(sharedDir, survey.id), { recursive: true });
    writeFileSync(join(sharedDir, survey.id, "index.html"), page.replace("<title>Resultados publicados</title>", `<title>${title}</title>`).replace('<meta property="og:title" content="Resultados publicados" />', `<meta property="og:title" content="${title}" />`));
  }
}

export function resultsSitePlugin({ surveysDir }: { surveysDir: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: "results-site",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const dir = resolve(config.root, surveysDir);
      await build({
        configFile: false,
        root: resolve(config.root, "src/results"),
        base: `/${RESULTS_PATH}/`,
        envDir: config.envDir,
        mode: config.mode,
        logLevel: config.logLevel,
        plugins: [react(), surveysPlugin({ dir }), surveyRoutesPlugin({ dir }), resultsPreloadPlugin()],
        resolve: { alias: CSP_SAFE_ALIASES },
        build: {
          outDir: resolve(config.root, config.build.outDir, RESULTS_PATH), emptyOutDir: true, modulePreload: { polyfill: false },
          rollupOptions: { input: { main: resolve(config.root, "src/results/index.html"), publico: resolve(config.root, "src/results/publico/index.html") } },
        },
      });
      writeSharedPages(resolve(config.root, config.build.outDir, RESULTS_PATH, SHARED_PATH), dir);
    },
  };
}
