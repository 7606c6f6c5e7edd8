/**
 * Step one of the report: the survey file → the request for
 * report.survey_numbers (scripts/sql/report-sql.ts), and the database's
 * counts → every number the report shows. Pure: the reading is read-numbers.ts.
 */
import { campaignRefusals } from "../../src/core/campaign.ts";
import { columnOf, companionOf, hiddenFields, VISIT_ID } from "../../src/core/fields.ts";
import { recordsVisits } from "../../src/core/visit-steps.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { biggestDropOf, daysOf, funnelOf, sourceRows, type ReportNumbers } from "./numbers.ts";
import { optionCounts, TEXTS_SHOWN, type Distribution, type QuestionNumbers } from "./question-numbers.ts";
import type { ReadFilters } from "./read-rows.ts";

type Texts = { n: number; newest: { text: string; at: string }[] };
type Counted = { n: number; counts: Record<string, number>; others: Texts | null };
type Numeric = { notNumbers: number; histogram: [number, number][]; stats: Distribution | null };

/** What report.survey_numbers returns. */
export interface SqlNumbers {
  responses: { responses: number; first: string | null; last: string | null; counted: number; perDay: [string, number][]; sources: Record<string, Record<string, number>> };
  visits: { visits: number; submitted: number; reached: Record<string, number>; medianSeconds: number | null; sources: Record<string, [string, number, number][]> };
  questions: Record<string, Counted | Numeric | Texts>;
}

export function numbersRequest(config: SurveyConfig, filters: ReadFilters, timeZone: string) {
  return {
    table: config.table,
    surveyId: config.id,
    since: filters.since ?? null,
    filters: filters.where,
    countsFrom: config.opensAt ?? null,
    timeZone,
    visitColumn: VISIT_ID.column,
    hidden: hiddenFields(config).map(({ id, column }) => ({ id, column })),
    questions: config.questions.map((question) => {
      const companion = companionOf(question);
      return { id: question.id, function: toolsOf(question).report.sql.name, column: columnOf(question), otherColumn: companion ? columnOf(companion.field) : null, textsShown: TEXTS_SHOWN };
    }),
  };
}

const textList = ({ n, newest }: Texts) => ({ newest, rest: n - newest.length });

function questionNumbers(question: SurveyConfig["questions"][number], raw: Counted | Numeric | Texts): QuestionNumbers {
  const common = { id: question.id, title: question.title, type: question.type };
  const { numbers } = toolsOf(question).report;
  if (numbers === "choice" || numbers === "multiple") {
    const { n, counts, others } = raw as Counted;
    const companion = companionOf(question);
    return {
      ...common, kind: numbers, n, options: optionCounts("options" in question ? question.options : [], new Map(Object.entries(counts)), n),
      others: others ? textList(others) : null, othersLabel: companion ? (companion.field.label ?? companion.field.placeholder ?? null) : null,
    };
  }
  if (numbers === "numeric") {
    const { notNumbers, histogram, stats } = raw as Numeric;
    return { ...common, kind: "numeric", n: stats?.n ?? 0, notNumbers, stats, histogram: histogram.map(([value, count]) => ({ value, count })) };
  }
  return { ...common, kind: "text", n: (raw as Texts).n, texts: textList(raw as Texts) };
}

export function reportNumbersOf(config: SurveyConfig, sql: SqlNumbers): ReportNumbers {
  const { responses: r, visits: v } = sql;
  const tracked = recordsVisits(config) || v.visits > 0;
  const funnel = tracked ? funnelOf(config, v.visits, new Map(Object.entries(v.reached)), v.submitted) : null;
  return {
    responses: r.responses,
    visits: tracked ? v.visits : null,
    completionRate: tracked && v.visits > 0 ? v.submitted / v.visits : null,
    medianSecondsToComplete: v.medianSeconds,
    firstResponse: r.first,
    lastResponse: r.last,
    questions: config.questions.map((question) => questionNumbers(question, sql.questions[question.id]!)),
    funnel,
    biggestDrop: funnel ? biggestDropOf(funnel) : null,
    sources: hiddenFields(config).map(({ id }) => ({
      field: id,
      rows: sourceRows(new Map((v.sources[id] ?? []).map(([value, visits, submitted]) => [value, { visits, submitted }])), new Map(Object.entries(r.sources[id] ?? {})), tracked),
    })),
    perDay: daysOf(new Map(r.perDay)),
    campaign: campaignRefusals(config).length > 0 ? { opensAt: config.opensAt ?? null, closesAt: config.closesAt ?? null, maxResponses: config.maxResponses ?? null, counted: r.counted } : null,
  };
}
