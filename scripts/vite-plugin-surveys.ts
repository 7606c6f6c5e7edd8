/**
 * Runs the survey validation inside Vite. `vite build` fails with every error
 * line; `vite dev` keeps running and shows the errors in the browser overlay
 * whenever a survey file is saved broken, then reloads the page once it is
 * fixed. ajv stays in Node: this plugin only runs in Vite's process.
 *
 * It also serves each survey file resolved (resolveSurvey: the texts it leaves
 * out filled in from its language's preset), so the browser receives only the
 * words of its survey and never a preset. `<file>.json?lang=pt-BR` is the
 * survey in another of its languages (its translation laid over the file,
 * src/core/translations.ts): each language is a chunk of its own, so a page
 * carries the texts of its own language only. Every language's config carries
 * the definition's version (scripts/lib/definition-version.ts), which each
 * response stores.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin, ViteDevServer } from "vite";
import type { SurveyConfig } from "../src/generated/survey-config.ts";
import { schemaErrors } from "./lib/schema-check.ts";
import { SCHEMA_FILE } from "./lib/survey-files.ts";
import { translationPath } from "./lib/translation-checks.ts";
import { definitionVersion, shownSurvey } from "./lib/definition-version.ts";
import { formatError, validateSurveys } from "./lib/validate.ts";

export interface SurveysPluginOptions {
  /** Directory of the survey files (default: surveys/ under the Vite root). */
  dir?: string;
}

function report(dir: string): string | undefined {
  const errors = validateSurveys(dir);
  if (!errors.length) return undefined;
  return ["Invalid survey config (run npm run validate for the same list):", ...errors.map(formatError)].join("\n");
}

const presetsDir = fileURLToPath(new URL("../src/i18n", import.meta.url));

export function surveysPlugin(options: SurveysPluginOptions = {}): Plugin {
  let dir = "";
  let command: "build" | "serve" = "build";
  let failure: string | undefined;
  const isSurvey = (file: string) => file.startsWith(dir + sep) && file.endsWith(".json") && basename(file) !== SCHEMA_FILE;

  /** Re-validates after a change; true when the change was handled here (error shown or page reloaded). */
  function revalidate(server: ViteDevServer): boolean {
    const wasFailing = failure !== undefined;
    failure = report(dir);
    if (failure) {
      server.config.logger.error(failure);
      server.ws.send({ type: "error", err: { message: failure, stack: "" } });
      return true;
    }
    if (wasFailing) server.ws.send({ type: "full-reload" });
    return wasFailing;
  }

  return {
    name: "surveys",
    configResolved(config) {
      dir = resolve(config.root, options.dir ?? "surveys");
      command = config.command;
    },
    buildStart() {
      // In dev an invalid survey must not stop the server; the overlay shows it instead.
      if (command !== "build") return;
      const message = report(dir);
      if (message) this.error(message);
    },
    configureServer(server) {
      failure = report(dir);
      if (failure) server.config.logger.error(failure);
      server.watcher.add(dir);
      // A page opened while a survey is broken gets the overlay on connect.
      server.ws.on("connection", () => failure && server.ws.send({ type: "error", err: { message: failure, stack: "" } }));
      // Files added or removed never reach handleHotUpdate.
      for (const event of ["add", "unlink"] as const) server.watcher.on(event, (file) => isSurvey(file) && revalidate(server));
    },
    load(id) {
      const [file, query = ""] = id.split("?") as [string, string?];
      if (!isSurvey(file)) return undefined;
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        return undefined;
      }
      // A broken file is reported by buildStart or the dev overlay; served as written, it cannot be resolved.
      if (schemaErrors(data).length) return undefined;
      // In dev, a change to a preset then reloads the surveys that use it.
      for (const preset of readdirSync(presetsDir)) this.addWatchFile(join(presetsDir, preset));
      const survey = { file, config: data as SurveyConfig };
      const language = new URLSearchParams(query).get("lang") ?? survey.config.language;
      if (language !== survey.config.language) this.addWatchFile(translationPath(dir, survey.config.id, language));
      const served = JSON.stringify({ ...shownSurvey(survey, language), version: definitionVersion(survey.config) });
      // With a query the id is no longer taken for JSON: it is served as the module JSON would become.
      return language === survey.config.language ? served : `export default ${served};`;
    },
    handleHotUpdate({ file, server }) {
      // An empty module list stops Vite's own update of a broken or just-fixed file.
      if (isSurvey(file) && revalidate(server)) return [];
    },
  };
}
