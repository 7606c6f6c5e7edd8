/**
 * Step one of the report: the survey file → the request for
 * report.survey_numbers (scripts/sql/report-sql.ts), and the database's
 * counts → every number the report shows. Pure: the reading is read-numbers.ts.
 */
import { campaignRefusals } from "../core/campaign.ts";
import { columnOf, companionOf, CONSENT, ENDING, hiddenFields, LANGUAGE, VISIT_ID } from "../core/fields.ts";
import { isMultilingual } from "../core/translations.ts";
import { recordsVisits } from "../core/visit-steps.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { npsScore } from "../question-types/nps/score.ts";
import { toolsOf } from "../question-types/registry.ts";
import { biggestDropOf, consentVersionsOf, daysOf, funnelOf, languagesOf, sourceRows, type ReportNumbers } from "./numbers.ts";
import { matrixRows, monthsOf, optionCounts, rankingOptions, TEXTS_SHOWN, type QuestionNumbers } from "./question-numbers.ts";
import { readableText } from "../core/readable-text.ts";
import { reportZone } from "./time-zone.ts";
import { themesRow } from "./themes/themes-row.ts";

/** What the one pass's aggregates hold per question (the type's report-sql.ts). */
type Aggregates = { n: number; others?: number; notNumbers?: number; mean?: number | null; min?: number | string | null; max?: number | string | null; quartiles?: [number, number, number] | null; first?: string | null; last?: string | null };
type Newest = { text: string; at: string }[];

/** What report.survey_numbers returns. */
export interface SqlNumbers {
  responses: {
    responses: number; first: string | null; last: string | null; counted: number;
    questions: Record<string, Aggregates>;
    /** Counts by key: what is counted, a unit separator, its value (a question's id, or ~day, ~source and its field, ~ending, ~language). */
    counts: Record<string, number>;
    texts: Record<string, Newest>;
  };
  visits: { visits: number; submitted: number; reached: Record<string, number>; medianSeconds: number | null; sources: Record<string, [string, number, number][]> };
  /** The results site without the personal-data grant: the personal questions, whose numbers are n alone (scripts/sql/results-functions-sql.ts). */
  restricted?: string[];
  /** "tallies" (the counts the survey table's triggers keep), "tallies per day" (a date range alone: its whole days summed, the rest scanned), or "scan: " and why the rows were read instead (filters, or tallies made for another version of the survey). */
  path: string;
}

/** The report's filters: since a time, and hidden fields equal to values. */
export interface ReadFilters {
  /** ISO date or time; only rows created at or after it. */
  since?: string;
  /** Hidden field → value. */
  where: Record<string, string>;
}

const SEPARATOR = "\u001f";

export function numbersRequest(config: SurveyConfig, filters: ReadFilters, timeZone: string) {
  return {
    table: config.table,
    surveyId: config.id,
    since: filters.since ?? null,
    filters: filters.where,
    countsFrom: config.opensAt ?? null,
    timeZone,
    // The zone the tallies count days in: the survey's own, whatever zone this report is read in (report.tally_spec).
    dayZone: reportZone(config).sql,
    visitColumn: VISIT_ID.column,
    endingColumn: config.endings?.length ? ENDING.column : null,
    languageColumn: isMultilingual(config) ? LANGUAGE.column : null,
    // The consent version is counted as a hidden value is (one value per row), without a key of its own in the SQL.
    hidden: [...hiddenFields(config), ...(config.consent ? [CONSENT] : [])].map(({ id, column }) => ({ id, column })),
    questions: config.questions.map((question) => {
      const companion = companionOf(question);
      return { id: question.id, kind: toolsOf(question).report.sql.kind, column: columnOf(question), otherColumn: companion ? columnOf(companion.field) : null, textsShown: TEXTS_SHOWN };
    }),
    // The free texts' terms are tallied too (scripts/sql/theme-terms-sql.ts): what they are counted with is part of the tallies' spec.
    themes: themesRow(config),
  };
}

/**
 * The counts by what they count (a key's first part), each key split once at
 * the separators: reading a question's counts walks its own, not the whole
 * object once per question (some 1,300 keys, 550 of them days, for a year
 * and a half of the bench's survey).
 */
type CountsIndex = Map<string, [string[], number][]>;

function indexCounts(counts: Record<string, number>): CountsIndex {
  const index: CountsIndex = new Map();
  for (const [key, count] of Object.entries(counts)) {
    const [head, ...rest] = key.split(SEPARATOR);
    const group = index.get(head!) ?? [];
    if (group.length === 0) index.set(head!, group);
    group.push([rest, count]);
  }
  return index;
}

/** The counts under one key (its parts joined by separators), split at the separators: [values…, count]. */
function countsUnder(index: CountsIndex, key: string): [string[], number][] {
  const [head, ...path] = key.split(SEPARATOR);
  return (index.get(head!) ?? []).flatMap(([rest, count]) =>
    rest.length > path.length && path.every((part, at) => rest[at] === part) ? [[rest.slice(path.length), count] as [string[], number]] : []);
}

/** Counts of pairs (first → second → count). */
function nested<K>(pairs: [string[], number][], key: (text: string) => K): Map<string, Map<K, number>> {
  const result = new Map<string, Map<K, number>>();
  for (const [[outer, inner], count] of pairs) {
    const map = result.get(outer!) ?? new Map<K, number>();
    map.set(key(inner!), count);
    result.set(outer!, map);
  }
  return result;
}

const textList = (n: number, newest: Newest) => ({ newest, rest: n - newest.length });

function questionNumbers(question: SurveyConfig["questions"][number], sql: SqlNumbers["responses"], counts: CountsIndex, restricted: boolean): QuestionNumbers {
  const common = { id: question.id, title: readableText(question.title), type: question.type };
  const { numbers, nps } = toolsOf(question).report;
  const raw = sql.questions[question.id]!;
  const { n } = raw;
  if (restricted) return { ...common, kind: "restricted", n };
  const pairs = countsUnder(counts, question.id);
  const options = "options" in question ? question.options : [];
  if (numbers === "choice" || numbers === "multiple") {
    const companion = companionOf(question);
    return {
      ...common, kind: numbers, n, options: optionCounts(options, new Map(pairs.map(([[value], count]) => [value!, count])), n),
      others: companion ? textList(raw.others ?? 0, sql.texts[question.id] ?? []) : null,
      othersLabel: companion ? (companion.field.label ?? companion.field.placeholder ?? null) : null,
    };
  }
  if (numbers === "numeric") {
    const histogram = pairs.map(([[value], count]) => ({ value: Number(value), count })).sort((a, b) => a.value - b.value);
    const [q1, median, q3] = raw.quartiles ?? [0, 0, 0];
    const stats = n > 0 ? { n, mean: raw.mean as number, min: raw.min as number, q1, median, q3, max: raw.max as number } : null;
    return { ...common, kind: "numeric", n, notNumbers: raw.notNumbers ?? 0, stats, histogram, ...(nps && { nps: npsScore(histogram) }) };
  }
  if (numbers === "ranking") return { ...common, kind: "ranking", n, options: rankingOptions(options, nested(pairs, Number), n) };
  if (numbers === "matrix" && "rows" in question && "columns" in question) return { ...common, kind: "matrix", n, rows: matrixRows(question.rows, question.columns, nested(pairs, String), n) };
  if (numbers === "months") return { ...common, kind: "months", n, first: raw.first ?? null, last: raw.last ?? null, months: monthsOf(new Map(pairs.map(([[month], count]) => [month!, count]))) };
  if (numbers === "count") return { ...common, kind: "count", n };
  return { ...common, kind: "text", n, texts: textList(n, sql.texts[question.id] ?? []) };
}

export function reportNumbersOf(config: SurveyConfig, sql: SqlNumbers): ReportNumbers {
  const { responses: r, visits: v } = sql;
  const tracked = recordsVisits(config) || v.visits > 0;
  const counts = indexCounts(r.counts);
  const funnel = tracked ? funnelOf(config, v.visits, new Map(Object.entries(v.reached)), v.submitted) : null;
  const endings = new Map(countsUnder(counts, "~ending").map(([[id], count]) => [id!, count]));
  const languages = countsUnder(counts, "~language").map(([[language], count]) => [language!, count] as const);
  return {
    responses: r.responses,
    visits: tracked ? v.visits : null,
    completionRate: tracked && v.visits > 0 ? v.submitted / v.visits : null,
    medianSecondsToComplete: v.medianSeconds,
    firstResponse: r.first,
    lastResponse: r.last,
    questions: config.questions.map((question) => questionNumbers(question, r, counts, sql.restricted?.includes(question.id) ?? false)),
    funnel,
    biggestDrop: funnel ? biggestDropOf(funnel) : null,
    sources: hiddenFields(config).map(({ id }) => ({
      field: id,
      rows: sourceRows(
        new Map((v.sources[id] ?? []).map(([value, visits, submitted]) => [value, { visits, submitted }])),
        new Map(countsUnder(counts, `~source${SEPARATOR}${id}`).map(([[value], count]) => [value!, count])),
        tracked,
      ),
    })),
    endings: config.endings?.length ? config.endings.map(({ id }) => ({ id, responses: endings.get(id) ?? 0 })) : null,
    languages: isMultilingual(config) ? languagesOf(config.languages ?? [], new Map(languages)) : null,
    retention: config.retention ?? null,
    consentVersions: config.consent ? consentVersionsOf(new Map(countsUnder(counts, `~source${SEPARATOR}${CONSENT.id}`).map(([[version], count]) => [version!, count]))) : null,
    perDay: daysOf(new Map(countsUnder(counts, "~day").map(([[day], count]) => [day!, count]))),
    campaign: campaignRefusals(config).length > 0 ? { opensAt: config.opensAt ?? null, closesAt: config.closesAt ?? null, maxResponses: config.maxResponses ?? null, counted: r.counted } : null,
  };
}
