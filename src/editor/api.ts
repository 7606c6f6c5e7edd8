/** Calls to the editor's own server, with the per-run token its page was served with. */
const token = document.querySelector<HTMLMetaElement>('meta[name="editor-token"]')?.content ?? "";

export interface Problem {
  pointer: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, any>,
  ) {
    super(body.message ?? `the editor's server answered ${status}`);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    method,
    headers: { "x-editor-token": token, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new ApiError(response.status, answer);
  return answer as T;
}

const file = (name: string) => encodeURIComponent(name);

export const listSurveys = () => call<{ names: string[] }>("GET", "surveys").then((answer) => answer.names);
export const readSurvey = (name: string) => call<{ text: string }>("GET", `surveys/${file(name)}`).then((answer) => answer.text);
export const checkSurvey = (name: string, text: string) => call<{ errors: Problem[] }>("POST", `check/${file(name)}`, { text }).then((answer) => answer.errors);
/** A survey's translation files by language: each one's text, or null for no file. */
export type TranslationFiles = Record<string, string | null>;
/** Translation files to write with a save (a restored version's): each one's text (null: remove it) over the text last read (`base`). */
export type TranslationWrites = Record<string, { base: string | null; text: string | null }>;

/**
 * Saves `text` over `base`, the text the editor last read, with `translations` if any; ApiError 409 with `disk` when the
 * file changed meanwhile, with `translations` (the languages) when a translation file did; nothing is written then.
 */
export const saveSurvey = (name: string, base: string, text: string, translations?: TranslationWrites) => call<{ text: string }>("PUT", `surveys/${file(name)}`, { base, text, translations });
export const staleDatabaseFiles = () => call<{ files: string[] }>("GET", "database-files").then((answer) => answer.files);
export const writeDatabaseFiles = () => call<{ files: string[] }>("POST", "database-files", {}).then((answer) => answer.files);

export interface HistoryEntry {
  commit: string;
  when: string;
  who: string;
  message: string;
}
/** Saves as saveSurvey does, writes the database files, and commits them with the survey; ApiError 409 with `repository: false` outside git. */
export const saveAndRecord = (name: string, base: string, text: string, translations?: TranslationWrites) =>
  call<{ committed: boolean; message: string; files: string[] }>("POST", `record/${file(name)}`, { base, text, translations });
export const surveyHistory = (name: string) => call<{ repository: boolean; entries: HistoryEntry[] }>("GET", `history/${file(name)}`);
/** A recorded version: the survey file, the commit's diff, and its translation files then and on disk now. */
export interface Version {
  text: string;
  diff: string;
  translations: TranslationFiles;
  translationsOnDisk: TranslationFiles;
}
export const surveyVersion = (name: string, commit: string) => call<Version>("GET", `version/${file(name)}?commit=${encodeURIComponent(commit)}`);
/** The columns the migrations already create for the survey's table (on disk). */
export const migratedColumns = (name: string) => call<{ columns: string[] }>("GET", `columns/${file(name)}`).then((answer) => answer.columns);

export interface TranslationRow {
  pointer: string;
  note: string;
  source: string;
  text: string | null;
  stale: boolean;
}
/** Each text of the survey on disk beside its translation into `language` (null when missing). */
export const surveyTranslations = (name: string, language: string) =>
  call<{ rows: TranslationRow[] }>("GET", `translations/${file(name)}?language=${encodeURIComponent(language)}`).then((answer) => answer.rows);
/** The rows of `translation` (a translation file's text, null for none) beside the texts of the survey `text`: a restored version's, before it is saved. */
export const restoredTranslations = (name: string, text: string, language: string, translation: string | null) =>
  call<{ rows: TranslationRow[] }>("POST", `translation-rows/${file(name)}`, { text, language, translation }).then((answer) => answer.rows);
/** Writes the translation of the text at `pointer`, made from its source as on disk; ApiError 422 with `placeholders` (the source's) or `empty` when refused. */
export const saveTranslation = (name: string, language: string, pointer: string, text: string) =>
  call<{ row: TranslationRow }>("POST", `translations/${file(name)}/${encodeURIComponent(language)}`, { pointer, text }).then((answer) => answer.row);
