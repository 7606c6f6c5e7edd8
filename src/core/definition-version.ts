/**
 * The version of a survey's definition each response carries: a hash of
 * what its respondents are shown and what its rows mean, and the commit the
 * page was built from. The build computes the hash (scripts/lib/
 * definition-version.ts) and serves it inside the survey's config; the page
 * keeps it in the answers beside the answers (DEFINITION_VERSION's id, in
 * fields.ts), so a
 * draft or a resumed partial response goes on with the version it started
 * on; toRow stores it. The database accepts only versions codegen published
 * (scripts/sql/definition-versions-sql.ts), old ones included, so a page
 * opened before a deploy still submits.
 *
 * What the hash covers: the survey as the page receives it in its source
 * language (resolveSurvey: the file and the presets that fill the texts it
 * leaves out), written as canonical JSON (keys sorted), so whitespace, key
 * order and `$schema` in the file change nothing while any question,
 * option, value, condition, ending, text or setting does. Not covered: the
 * translation files (a row's language says which one it was read in; a
 * consent text has its own version per language).
 */
import type { ResolvedSurvey } from "./resolve-survey.ts";
import { optionLabel, optionValue } from "./fields.ts";
import { readableText } from "./readable-text.ts";

/** The commit of the build that served the page (null when the build did not know it); not checked against a list. */
export const DEFINITION_COMMIT_COLUMN = "definition_commit";

/** The hash's form (16 hex digits, 64 bits of SHA-256) and a commit's. */
const VERSION_PATTERN = /^[0-9a-f]{16}$/;
export const COMMIT_PATTERN = /^[0-9a-f]{40}$/;

const isVersion = (value: unknown): value is string => typeof value === "string" && VERSION_PATTERN.test(value);

/** JSON with every object's keys sorted: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The words a version's numbers are read with, kept by the database for every
 * published version (report.definition_versions): each question's title and
 * the label of each stored value of its options, rows and columns, in the
 * survey's source language. After a later rename, the report and the results
 * site show an old version's rows with these.
 */
export interface VersionLabels {
  questions: Record<string, { title: string; values?: Record<string, string> }>;
}

type Choice = string | { value: string; label: string };
const CHOICE_KEYS = ["options", "rows", "columns"] as const;

export function versionLabels(config: Pick<ResolvedSurvey, "questions">): VersionLabels {
  const questions: VersionLabels["questions"] = {};
  for (const question of config.questions) {
    const lists = CHOICE_KEYS.flatMap((key) => (key in question ? ((question as unknown as Record<string, Choice[]>)[key] ?? []) : []));
    const values = Object.fromEntries(lists.map((choice) => [optionValue(choice), readableText(optionLabel(choice))]));
    questions[question.id] = { title: readableText(question.title), ...(lists.length && { values }) };
  }
  return { questions };
}

/** The page's version, or the one a draft or a stored row brought back when it has one. */
export const keptVersion = (kept: unknown, own: string | undefined): string => (isVersion(kept) ? kept : (own ?? ""));
