/**
 * `npm run dev` chooses a survey's language as the built site does. Nothing
 * is prerendered under the dev server, so this plugin writes into the page
 * it serves for a survey's route, in any of its languages, the same script
 * the prerender writes into that page (language-choice.ts, from the same
 * prerender targets): `?lang=`, the draft's language, then the browser's
 * languages move the page before it paints. Serve only: the build's pages
 * get theirs from the prerender, unchanged.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { withHeadScript } from "./language-choice.ts";
import { prerenderTargets } from "./vite-plugin-prerender.ts";

/** The head script of the page at `path` ("/trilingue/pt-BR"), as the prerender writes it; undefined for a page without one. */
export function languageChoiceAt(surveysDir: string, path: string): string | undefined {
  const page = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return prerenderTargets(surveysDir).find((target) => target.url === page)?.languageChoice;
}

export function languageChoicePlugin({ dir = "surveys" } = {}): Plugin {
  let surveysDir = "";
  return {
    name: "rmj-language-choice",
    apply: "serve",
    configResolved(config) {
      surveysDir = resolve(config.root, dir);
    },
    transformIndexHtml(html, { originalUrl, path }) {
      // Read on each page load: a survey file changed or added under the dev server counts at once.
      const script = languageChoiceAt(surveysDir, new URL(originalUrl ?? path, "http://dev").pathname);
      return script ? withHeadScript(html, script) : html;
    },
  };
}
