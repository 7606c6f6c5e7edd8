/**
 * The editor's API over the project's survey files. Every path goes through
 * survey-paths.ts; every save is checked by validate's own modules first, so
 * the file on disk is never left invalid, and is refused when the file
 * changed on disk since the editor read it (the caller sends the text it
 * started from), so neither side's change is lost. A save may carry
 * translation files too (a restored version's), written in the same call
 * under the same check (translation-files.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generate, MIGRATIONS_DIR, staleFiles, writeStaleFiles } from "../lib/codegen.ts";
import { readDbState } from "../sql/migration-state.ts";
import { displayPath } from "../lib/survey-error.ts";
import { loadSurveys } from "../lib/validate.ts";
import { DEFAULT_EDITOR_LANGUAGE, EDITOR_LANGUAGES, type EditorLanguage } from "../../src/editor/words/index.ts";
import { historyOf, isRepository, record, versionOf } from "./survey-history.ts";
import { surveyNames, surveyPath, translationFilePath } from "./survey-paths.ts";
import { changedOnDisk, translationWrites, writeTranslationFiles } from "./translation-files.ts";
import { saveTranslation, translationRows } from "./translation-texts.ts";

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface Project {
  /** The project whose surveys/ and generated files are edited. */
  root: string;
  /** The editor's language, for its page and its history messages (pt-BR unless chosen). */
  language?: EditorLanguage;
}

const surveysDir = ({ root }: Project) => join(root, "surveys");

/** validate's problems of `name` if it held `text`: [{ pointer, message }]. */
function problems(project: Project, name: string, text: string) {
  const dir = surveysDir(project);
  const file = displayPath(join(dir, name));
  const { errors } = loadSurveys(dir, join(project.root, "supabase", "migrations"), { name, text });
  return errors.filter((error) => error.file === file).map(({ pointer, message }) => ({ pointer, message }));
}

async function databaseFiles(project: Project, write: boolean): Promise<ApiAnswer> {
  const result = await generate(surveysDir(project), project.root);
  if ("errors" in result) return { status: 422, body: { errors: result.errors } };
  const files = write ? writeStaleFiles(result.files, project.root) : staleFiles(result.files, project.root);
  return { status: 200, body: { files, warnings: result.warnings } };
}

type Body = Record<string, unknown>;

/**
 * Writes the text the editor sends over the file, and the translation files it sends (a restored version's), if each
 * file is still what the editor started from and the text is valid; else writes nothing.
 */
function save(project: Project, name: string, body: Body): ApiAnswer {
  const file = surveyPath(surveysDir(project), name);
  const onDisk = readFileSync(file, "utf8");
  const translations = translationWrites(surveysDir(project), name, body.translations, { saved: text(body, "text"), onDisk });
  const changed = changedOnDisk(translations);
  if (changed.length) return { status: 409, body: { message: `the translation files changed on disk since they were read: ${changed.join(", ")}`, translations: changed } };
  if (onDisk !== text(body, "base")) return { status: 409, body: { message: "the file changed on disk since it was opened", disk: onDisk } };
  const errors = problems(project, name, text(body, "text"));
  if (errors.length) return { status: 422, body: { message: "the survey has errors; nothing was saved", errors } };
  writeFileSync(file, text(body, "text"));
  writeTranslationFiles(translations);
  return { status: 200, body: { text: text(body, "text") } };
}

/** Save, then the database files, then one commit of the survey and its generated files. */
async function saveAndRecord(project: Project, name: string, body: Body): Promise<ApiAnswer> {
  if (!isRepository(project.root)) return { status: 409, body: { message: "not a git repository", repository: false } };
  const saved = save(project, name, body);
  if (saved.status !== 200) return saved;
  const written = await databaseFiles(project, true);
  if (written.status !== 200) return written;
  const recorded = record(project.root, name, EDITOR_LANGUAGES[project.language ?? DEFAULT_EDITOR_LANGUAGE]);
  return { status: 200, body: { text: text(body, "text"), ...recorded, files: (written.body as { files: string[] }).files } };
}
const text = (body: Body, key: string): string => {
  if (typeof body[key] !== "string") throw new TypeError(`"${key}" must be a text`);
  return body[key];
};

/** Answers one API call; `path` is the URL path after /api/, `query` its search parameters, `body` the parsed JSON body. */
export async function answer(project: Project, method: string, path: string, body: Body, query = new URLSearchParams()): Promise<ApiAnswer> {
  const dir = surveysDir(project);
  const route = `${method} ${path.split("/")[0]}`;
  const name = decodeURIComponent(path.slice(path.indexOf("/") + 1));
  switch (route) {
    case "GET surveys":
      if (path === "surveys") return { status: 200, body: { names: surveyNames(dir) } };
      // A file of an earlier form of the schema is sent as it is on disk: the page opens it brought up to date (src/core/upgrade), unsaved.
      return { status: 200, body: { name, text: readFileSync(surveyPath(dir, name), "utf8") } };
    case "POST check":
      surveyPath(dir, name);
      return { status: 200, body: { errors: problems(project, name, text(body, "text")) } };
    case "PUT surveys":
      return save(project, name, body);
    case "POST record":
      return saveAndRecord(project, name, body);
    case "GET columns": {
      // The columns the migrations already create for the survey's table: their questions' ids can no longer change.
      const table = JSON.parse(readFileSync(surveyPath(dir, name), "utf8")).table;
      return { status: 200, body: { columns: readDbState(join(project.root, MIGRATIONS_DIR)).tables.get(table)?.columns ?? [] } };
    }
    case "GET history":
      surveyPath(dir, name);
      if (!isRepository(project.root)) return { status: 200, body: { repository: false, entries: [] } };
      return { status: 200, body: { repository: true, entries: historyOf(project.root, name) } };
    case "GET version": {
      surveyPath(dir, name);
      const version = versionOf(project.root, name, query.get("commit") ?? "");
      return version ? { status: 200, body: version } : { status: 404, body: { message: `no version ${query.get("commit")} of surveys/${name}` } };
    }
    case "GET translations": {
      // The file on disk: its translations are written beside it, by npm run translations or by hand.
      const rows = translationRows(dir, JSON.parse(readFileSync(surveyPath(dir, name), "utf8")), query.get("language") ?? "");
      return rows ? { status: 200, body: { rows } } : { status: 404, body: { message: `surveys/${name} is not translated into "${query.get("language")}"` } };
    }
    case "POST translation-rows": {
      // A restored version's translations, not yet saved, beside the texts of the survey as the editor holds it.
      surveyPath(dir, name);
      const config = JSON.parse(text(body, "text"));
      const translation = body.translation;
      if (translation !== null && typeof translation !== "string") throw new TypeError(`"translation" must be a text or null`);
      const rows = translationRows(dir, config, text(body, "language"), translation);
      return rows ? { status: 200, body: { rows } } : { status: 404, body: { message: `surveys/${name} is not translated into "${body.language}"` } };
    }
    case "POST translations": {
      // translations/<survey>/<language>: the segments split before decoding, so an encoded "/" stays inside its segment.
      const segments = path.split("/").slice(1).map(decodeURIComponent);
      if (segments.length !== 2) return { status: 404, body: { message: "expected POST /api/translations/<survey>.json/<language>" } };
      const [survey, language] = segments as [string, string];
      const config = JSON.parse(readFileSync(surveyPath(dir, survey), "utf8"));
      // The same guard as a restore's writes: a tag, and never a link out of surveys/translations/.
      translationFilePath(dir, survey, language);
      const { status, ...saved } = saveTranslation(dir, config, language, text(body, "pointer"), text(body, "text"));
      return { status, body: saved };
    }
    case "GET database-files":
      return databaseFiles(project, false);
    case "POST database-files":
      return databaseFiles(project, true);
    default:
      return { status: 404, body: { message: `no such call: ${method} /api/${path}` } };
  }
}
