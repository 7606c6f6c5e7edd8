/**
 * A survey's history in the project's git repository: "Save and record"
 * commits the survey file, its translation files (saved from the editor's
 * translations panel, which writes but does not commit) and the generated
 * files that belong to it, and nothing else (`git commit --only` with those paths, so whatever else is
 * staged or changed in the working tree stays out); the History panel lists
 * the commits that touched the file or its translations and reads any
 * earlier version of the file with its translation files as that commit
 * left them (a restore brings back all of them, and removes those that did
 * not exist then). No push,
 * no credentials, no other git command.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { changeMessage } from "../../src/editor/model/change-message.ts";
import type { EditorWords } from "../../src/editor/words/index.ts";

export interface HistoryEntry {
  commit: string;
  when: string;
  who: string;
  message: string;
}

/** git's answer, or undefined when the command fails (not a repository, an unknown commit). */
function git(root: string, args: string[], input?: string): string | undefined {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

export const isRepository = (root: string) => git(root, ["rev-parse", "--is-inside-work-tree"])?.trim() === "true";

const surveyFile = (name: string) => `surveys/${name}`;
/** The translation files, by language, of the languages a survey file's text lists (none for a text that is not one). */
function translationFilesOf(text: string | undefined, name: string): Map<string, string> {
  const { languages } = parse(text) as { languages?: unknown };
  const others = Array.isArray(languages) ? languages.slice(1).filter((language): language is string => typeof language === "string") : [];
  // The file is named by the survey's id, which validate holds to the file's name.
  return new Map(others.map((language) => [language, `surveys/translations/${name.replace(/\.json$/, "")}.${language}.json`]));
}
/** The survey file's translation files, by language, for the languages it lists now. */
const translationFiles = (root: string, name: string) => translationFilesOf(readFileSync(join(root, surveyFile(name)), "utf8"), name);
const COMMIT = /^[0-9a-f]{7,40}$/;
const parse = (text: string | undefined): Record<string, unknown> => {
  try {
    return JSON.parse(text ?? "{}");
  } catch {
    return {};
  }
};

/** The commits that changed the survey file or its translations, newest first. */
export function historyOf(root: string, name: string): HistoryEntry[] {
  const paths = [surveyFile(name), ...translationFiles(root, name).values()];
  const log = git(root, ["log", "--max-count=200", "--format=%H%x1f%aI%x1f%an%x1f%B%x1e", "--", ...paths]) ?? "";
  return log
    .split("\x1e")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [commit, when, who, message] = entry.split("\x1f") as [string, string, string, string];
      return { commit, when, who, message: message.trim() };
    });
}

/** A survey's translation files by language: each one's text, or null where there is no such file. */
export type TranslationFiles = Record<string, string | null>;

export interface Version {
  text: string;
  diff: string;
  /** The translation files of the languages the version or the file now lists, as the commit left them (null: not there then). */
  translations: TranslationFiles;
  /** The same files as they are on disk now: what a restore of them is saved over. */
  translationsOnDisk: TranslationFiles;
}

/** The survey file as that commit left it with its translation files, and the diff that commit made to them. */
export function versionOf(root: string, name: string, commit: string): Version | undefined {
  if (!COMMIT.test(commit)) return undefined;
  const text = git(root, ["show", `${commit}:./${surveyFile(name)}`]);
  if (text === undefined) return undefined;
  const files = new Map([...translationFiles(root, name), ...translationFilesOf(text, name)]);
  const translations: TranslationFiles = {};
  const translationsOnDisk: TranslationFiles = {};
  for (const [language, path] of files) {
    translations[language] = git(root, ["show", `${commit}:./${path}`]) ?? null;
    translationsOnDisk[language] = existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : null;
  }
  const diff = git(root, ["show", "--format=", "--no-color", commit, "--", surveyFile(name), ...files.values()]) ?? "";
  return { text, diff, translations, translationsOnDisk };
}

/** The generated files changed or new in the working tree that belong to `table`: the shared types, and no other survey's migration. */
function generatedFilesOf(root: string, table: string): string[] {
  const otherTables = readdirSync(join(root, "surveys"))
    .filter((file) => file.endsWith(".json") && !file.endsWith(".schema.json"))
    .map((file) => parse(readFileSync(join(root, "surveys", file), "utf8")).table)
    .filter((name): name is string => typeof name === "string" && name !== table);
  const status = git(root, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "src/generated", "supabase/migrations"]) ?? "";
  return status
    .split("\0")
    .filter(Boolean)
    .map((line) => line.slice(3))
    .filter((path) => !otherTables.some((other) => path.endsWith(`_${other}.sql`)));
}

/** Commits the saved survey file, its translation files and its generated files; the message names the changes since the last commit of the file. */
export function record(root: string, name: string, words: EditorWords): { committed: boolean; message: string } {
  const text = readFileSync(join(root, surveyFile(name)), "utf8");
  const after = parse(text);
  // The languages listed now and at the last commit (a restore may have removed a file); only files on disk or in
  // the repository: git add refuses the whole list for one path it knows nowhere.
  const listed = [...new Map([...translationFilesOf(git(root, ["show", `HEAD:./${surveyFile(name)}`]), name), ...translationFiles(root, name)])];
  const tracked = new Set(listed.length ? (git(root, ["ls-files", "--", ...listed.map(([, path]) => path)]) ?? "").split("\n") : []);
  const translations = listed.filter(([, path]) => existsSync(join(root, path)) || tracked.has(path));
  const paths = [surveyFile(name), ...translations.map(([, path]) => path), ...generatedFilesOf(root, String(after.table ?? ""))];
  git(root, ["add", "--", ...paths]);
  const staged = (git(root, ["diff", "--cached", "--name-only", "HEAD", "--", ...translations.map(([, path]) => path)]) ?? "").split("\n");
  const translated = translations.filter(([, path]) => staged.includes(path)).map(([language]) => language);
  const more = translated.length ? [words.commitTranslations(translated)] : [];
  const message = changeMessage(name.replace(/\.json$/, ""), parse(git(root, ["show", `HEAD:./${surveyFile(name)}`])), after, words, more);
  const changed = git(root, ["diff", "--cached", "--name-only", "HEAD", "--", ...paths]) ?? git(root, ["diff", "--cached", "--name-only", "--", ...paths]);
  if (!changed?.trim()) return { committed: false, message };
  // A machine without a git identity still records, under the editor's name.
  const identity = git(root, ["config", "user.email"])?.trim() ? [] : ["-c", "user.name=Editor de questionários", "-c", "user.email=editor@localhost"];
  if (git(root, [...identity, "commit", "--quiet", "--only", "--file=-", "--", ...paths], message) === undefined) throw new Error("git commit failed");
  return { committed: true, message };
}
