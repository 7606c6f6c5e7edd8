/**
 * `virtual:survey-routes`: the route table of the app, one line per survey
 * file — its id, its route, the paths of the thank-you pages it ends on, and a
 * loader that imports the file itself — and the id of the default survey,
 * whose file words the 404 page. The table is all that every page carries;
 * each survey's config is its own chunk, fetched by the route that shows it
 * (or its thank-you page, or the 404 page), so a new survey adds a line to
 * every page and nothing else. In dev, a changed route (or a file added or
 * removed) reloads the page with the new table.
 */
import { resolve, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { conditionalPages, defaultPage, type EndingPage } from "../src/core/ending-pages.ts";
import { defaultSurvey } from "../src/core/site-pages.ts";
import { receiptPagePath } from "../src/core/receipt.ts";
import { screenOutPath } from "../src/core/quotas.ts";
import { thankYouPath as surveyThankYouPath } from "../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../src/generated/survey-config.ts";
import { readSurveyFiles } from "./lib/survey-files.ts";

export const SURVEY_ROUTES_ID = "virtual:survey-routes";
const RESOLVED_ID = `\0${SURVEY_ROUTES_ID}`;

export interface SurveyRouteLine {
  id: string;
  route: string;
  thankYouPath: string;
  /** Whether the file words its thank-you page, or ends on one another survey words. */
  wordsThankYou: boolean;
  /** The pages of its endings that have a condition (none without endings). */
  endingPages: EndingPage[];
  /** Absolute path of the survey file. */
  path: string;
  /** A survey in several languages: all of them, the source first; each has its own page and config chunk. */
  languages?: string[];
  /** A survey with receipts: its data page's path. */
  receiptPath?: string;
  /** A survey with quotas: each quota's screen-out page. */
  screenOutPages?: { quota: string; path: string }[];
}

/** The survey files that have an id and a route; the surveys plugin reports everything else. */
export function surveyRouteLines(dir: string): SurveyRouteLine[] {
  return readSurveyFiles(dir).files.flatMap((file) => {
    const config = (file.data ?? {}) as Partial<SurveyConfig>;
    const { id, route } = config;
    if (typeof id !== "string" || typeof route !== "string") return [];
    const ends = { route, thankYou: config.thankYou, endings: Array.isArray(config.endings) ? config.endings : undefined };
    const { path: thankYouPath, words } = defaultPage(ends);
    const languages = Array.isArray(config.languages) && config.languages.length > 1 ? { languages: config.languages } : {};
    const receipt = config.receipt !== undefined && typeof config.receipt === "object" ? { receiptPath: receiptPagePath({ route, receipt: config.receipt }) } : {};
    const quotas = Array.isArray(config.quotas) && config.quotas.length ? { screenOutPages: config.quotas.map((quota) => ({ quota: quota.id, path: screenOutPath(quota, surveyThankYouPath(ends)) })) } : {};
    return [{ id, route, thankYouPath, wordsThankYou: words, endingPages: conditionalPages(ends), path: resolve(dir, file.name), ...languages, ...receipt, ...quotas }];
  });
}

export function surveyRoutesModule(lines: SurveyRouteLine[]): string {
  const loader = (path: string) => `() => import(${JSON.stringify(path)}).then((module) => module.default)`;
  // Only a survey in several languages gets the key: every other line stays as it was, byte for byte.
  const languages = (line: SurveyRouteLine) =>
    line.languages ? `, loadIn: { ${line.languages.slice(1).map((language) => `${JSON.stringify(language)}: ${loader(`${line.path}?lang=${language}`)}`).join(", ")} }` : "";
  // Only a survey with receipts gets its data page's path, likewise.
  const receipt = (line: SurveyRouteLine) => (line.receiptPath ? `, receiptPath: ${JSON.stringify(line.receiptPath)}` : "");
  // Only a survey with quotas gets its screen-out pages, likewise.
  const quotas = (line: SurveyRouteLine) => (line.screenOutPages ? `, screenOutPages: ${JSON.stringify(line.screenOutPages)}` : "");
  const entries = lines.map(
    (line) =>
      `  { id: ${JSON.stringify(line.id)}, route: ${JSON.stringify(line.route)}, thankYouPath: ${JSON.stringify(line.thankYouPath)}, wordsThankYou: ${line.wordsThankYou}, endingPages: ${JSON.stringify(line.endingPages)}, load: ${loader(line.path)}${languages(line)}${receipt(line)}${quotas(line)} },`,
  );
  return `export const surveyRoutes = [\n${entries.join("\n")}\n];\nexport const defaultSurveyId = ${JSON.stringify(defaultSurvey(lines)?.id ?? null)};\n`;
}

export function surveyRoutesPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  /** In dev: the table the open pages were loaded with. */
  let served = "";
  const isSurvey = (file: string) => file.startsWith(dir + sep) && file.endsWith(".json");

  /** Reloads the page when the table changed (a route, an id, a file added or removed). */
  function refresh(server: ViteDevServer) {
    const table = surveyRoutesModule(surveyRouteLines(dir));
    if (table === served) return;
    served = table;
    const module = server.moduleGraph.getModuleById(RESOLVED_ID);
    if (module) server.moduleGraph.invalidateModule(module);
    server.ws.send({ type: "full-reload" });
  }

  return {
    name: "survey-routes",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    resolveId(id) {
      return id === SURVEY_ROUTES_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return surveyRoutesModule(surveyRouteLines(dir));
    },
    configureServer(server) {
      served = surveyRoutesModule(surveyRouteLines(dir));
      server.watcher.add(dir);
      for (const event of ["add", "unlink", "change"] as const) server.watcher.on(event, (file) => isSurvey(file) && refresh(server));
    },
  };
}
