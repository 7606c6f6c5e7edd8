/**
 * The team's results site (src/results/) as a build of its own, run when the
 * survey build has written its files: dist/resultados/index.html and its own
 * dist/resultados/assets/. A separate build rather than a second input of the
 * survey's, so that no chunk is shared and the respondents' pages load 0 B
 * more (tests/build/results-site-bytes.test.ts). The page has no inline
 * script or style, so the build's policy for every path (/*) fits it.
 */
import { resolve } from "node:path";
import { build, type Plugin, type ResolvedConfig } from "vite";
import react from "@vitejs/plugin-react";
import { CSP_SAFE_ALIASES } from "./security-headers/vite-aliases.ts";
import { resultsPreloadPlugin } from "./vite-plugin-results-preload.ts";
import { surveyRoutesPlugin } from "./vite-plugin-survey-routes.ts";
import { surveysPlugin } from "./vite-plugin-surveys.ts";

/** Where the site is served: its folder in the build. */
export const RESULTS_PATH = "resultados";

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
        build: { outDir: resolve(config.root, config.build.outDir, RESULTS_PATH), emptyOutDir: true, modulePreload: { polyfill: false } },
      });
    },
  };
}
