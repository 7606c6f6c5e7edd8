/**
 * The report's command line and environment: which surveys, which filters,
 * where to read (a hosted project with SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY,
 * else the local data API) and where to write. The public anon key is
 * refused: it cannot read responses, by design, and must never be asked to.
 */
import { PARTIAL_COLUMNS, usesPartialResponses } from "../../src/core/partial-response.ts";
import { hiddenFields } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { interpolate } from "../../src/core/interpolate.ts";
import { reportLanguageProblem, type ReportPreset } from "../../src/report/presets/index.ts";
import type { ReadFilters } from "./read-rows.ts";
import { QUALITY_COLUMN, UNFLAGGED_FILTER, usesQuality } from "../../src/core/quality.ts";
import { UserError } from "../lib/cli.ts";
import { crosstabAxes, type CrosstabAxis } from "../../src/report/crosstab/axes.ts";

export class ReportUsageError extends UserError {}

export interface ReportOptions {
  surveyIds: string[] | null;
  since?: string;
  where: Record<string, string>;
  outDir: string;
  /** The report's language for this run, over the survey file's reportLanguage and language. */
  language?: string;
  /** --exclude-flagged: leave out the responses the database flagged (surveys with quality rules). */
  excludeFlagged?: boolean;
  /** --crosstab rows,cols: each a cross-tab of two axes' ids (src/report/crosstab/axes.ts), checked per survey. */
  crosstabs: [string, string][];
  /** --trend question[,week|month]: each a question's change over time (week by default). */
  trends: [string, "week" | "month"][];
}

/** The command line's values, as commander parses them (cli.ts). */
export interface ReportArguments {
  survey?: string[];
  since?: string;
  where?: string[];
  out?: string;
  language?: string;
  excludeFlagged?: boolean;
  crosstab?: string[];
  trend?: string[];
}

/** The report's options from its command line's values; a value that cannot be used is a ReportUsageError. */
export function reportOptions(values: ReportArguments): ReportOptions {
  const where: Record<string, string> = {};
  for (const pair of values.where ?? []) {
    const match = /^([a-z][a-z0-9_]*)=(.*)$/.exec(pair);
    if (!match) throw new ReportUsageError(`[report] --where "${pair}" is not field=value (e.g. --where utm_source=instagram)`);
    where[match[1]!] = match[2]!;
  }
  if (values.since !== undefined && Number.isNaN(Date.parse(values.since))) throw new ReportUsageError(`[report] --since "${values.since}" is not a date (e.g. --since 2026-11-01)`);
  const crosstabs = (values.crosstab ?? []).map((pair): [string, string] => {
    const parts = pair.split(",");
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw new ReportUsageError(`[report] --crosstab "${pair}" is not rows,cols (e.g. --crosstab pais,genero)`);
    return [parts[0], parts[1]];
  });
  const trends = (values.trend ?? []).map((value): [string, "week" | "month"] => {
    const [id, by = "week", ...rest] = value.split(",");
    if (!id || rest.length > 0 || (by !== "week" && by !== "month")) throw new ReportUsageError(`[report] --trend "${value}" is not question[,week|month] (e.g. --trend pais,month)`);
    return [id, by];
  });
  const languageProblem = values.language === undefined ? null : reportLanguageProblem(values.language);
  if (languageProblem) throw new ReportUsageError(`[report] --language ${languageProblem}`);
  return { surveyIds: values.survey ?? null, since: values.since, where, outDir: values.out ?? "reports", crosstabs, trends, ...(values.language ? { language: values.language } : {}), ...(values.excludeFlagged ? { excludeFlagged: true } : {}) };
}

/** The filters for one survey; --where may only name its hidden fields (the visit events carry nothing else). */
export function filtersFor(config: SurveyConfig, options: ReportOptions): ReadFilters {
  // A survey with partial responses may also show its finished or unfinished rows alone (the visits carry no such column: the funnel then counts none).
  const partial = usesPartialResponses(config) ? [PARTIAL_COLUMNS.finished] : [];
  const allowed = [...hiddenFields(config).map((field) => field.id), ...partial];
  if (partial.length && options.where[PARTIAL_COLUMNS.finished] !== undefined && !["true", "false"].includes(options.where[PARTIAL_COLUMNS.finished]!)) {
    throw new ReportUsageError(`[report] --where ${PARTIAL_COLUMNS.finished}= takes true or false`);
  }
  for (const field of Object.keys(options.where)) {
    if (!allowed.includes(field)) throw new ReportUsageError(`[report] --where ${field}: not a hidden field of ${config.id} (allowed: ${allowed.join(", ") || "none"})`);
  }
  // Flagged responses left out: their column equals the empty list, as a --where does (the header states it in words).
  return { since: options.since, where: { ...options.where, ...(options.excludeFlagged && usesQuality(config) ? UNFLAGGED_FILTER : {}) } };
}

/** The cross-tabs for one survey, each id one of its axes. */
export function crosstabsFor(config: SurveyConfig, options: Pick<ReportOptions, "crosstabs">): [CrosstabAxis, CrosstabAxis][] {
  const axes = new Map(crosstabAxes(config).map((axis) => [axis.id, axis]));
  return options.crosstabs.map((pair) => pair.map((id) => {
    const axis = axes.get(id);
    if (!axis) throw new ReportUsageError(`[report] --crosstab ${id}: not a row or column of ${config.id} (known: ${[...axes.keys()].join(", ")})`);
    return axis;
  }) as [CrosstabAxis, CrosstabAxis]);
}

/** The trends for one survey: each question's axis against the week or the month axis. */
export function trendsFor(config: SurveyConfig, options: Pick<ReportOptions, "trends">): [CrosstabAxis, CrosstabAxis][] {
  const axes = crosstabAxes(config);
  return options.trends.map(([id, by]) => {
    const question = axes.find((axis) => axis.id === id && axis.kind !== "week" && axis.kind !== "month" && axis.kind !== "coded");
    if (!question) throw new ReportUsageError(`[report] --trend ${id}: not a question of ${config.id} (known: ${axes.filter((axis) => axis.kind !== "week" && axis.kind !== "month" && axis.kind !== "coded").map((axis) => axis.id).join(", ")})`);
    return [question, axes.find((axis) => axis.kind === by)!];
  });
}

/** The report's language: --language, else the survey file's reportLanguage, else the survey's language. */
export function reportLanguageOf(config: SurveyConfig, options: Pick<ReportOptions, "language">): string {
  return options.language ?? config.reportLanguage ?? config.language;
}

/** The filters as the report's header states them, in the report's words. */
export function describeFilters(filters: ReadFilters, words: ReportPreset): string[] {
  return [...(filters.since ? [interpolate(words.page.since, { date: filters.since })] : []), ...Object.entries(filters.where).filter(([field]) => field !== QUALITY_COLUMN).map(([field, value]) => `${field} = ${value}`)];
}

/** The role a Supabase key grants: the JWT's role claim, or the kind of a new-style key. */
function roleOf(key: string): string | undefined {
  if (key.startsWith("sb_publishable_")) return "anon";
  if (key.startsWith("sb_secret_")) return "service_role";
  try {
    return JSON.parse(Buffer.from(key.split(".")[1] ?? "", "base64url").toString("utf8")).role;
  } catch {
    return undefined;
  }
}

export function hostedSource(env: NodeJS.ProcessEnv): { url: string; serviceKey: string } | null {
  const url = env.SUPABASE_URL;
  if (!url) return null;
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!key) throw new ReportUsageError("[report] SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not; the report reads with the service_role key (Project settings → API keys)");
  if (roleOf(key) !== "service_role") throw new ReportUsageError("[report] SUPABASE_SERVICE_ROLE_KEY is not a service_role key (is it the public anon key?); the report never uses the anon key, which cannot read responses by design");
  return { url: url.replace(/\/+$/, ""), serviceKey: key };
}
