/**
 * The coded "other" answers (report.other_texts, scripts/sql/report-other-codes-sql.ts):
 * what the database returns for one field, which fields the report asks
 * about, and the rows the report shows. Pure.
 */
import { optionValue } from "../../core/fields.ts";
import { readableText } from "../../core/readable-text.ts";
import type { Question, SurveyConfig } from "../../generated/survey-config.ts";
import type { CrosstabAxis } from "../crosstab/axes.ts";
import { themesRow, type ThemedText } from "../themes/themes-row.ts";

/** One folded "other" text: how many answers hold it, the form most often written, its current code (null: none) and who gave it when. */
export interface OtherText { key: string; answers: number; sample: string; code: string | null; codedBy: string | null; codedAt: string | null }

/** A field's "other" texts among the rows read; for a single choice ("one") also its question's counts by value, as given and coded. */
export interface OtherTexts {
  texts: OtherText[];
  rawTotal: number;
  codedTotal: number;
  /** Answers by code, "" for those without one. */
  coded: Record<string, number>;
  kind: "one" | "many";
  values: Record<string, number>;
  codedValues: Record<string, number>;
}

/** The "other" and extra texts of a survey's choices, by field id, as team.surveys.themes names them. */
export const otherFieldsOf = (config: SurveyConfig): Record<string, ThemedText> =>
  Object.fromEntries(Object.entries(themesRow(config).texts).filter(([, text]) => text.kind !== "text"));

/** The values of a question's options, which a code may be (none for a question without options). */
export const optionValuesOf = (question: Question): string[] => ("options" in question && Array.isArray(question.options) ? question.options.map(optionValue) : []);

/** One coded field as the report shows it: its question's title and option values, and the database's counts. */
export interface CodedOther { field: string; question: string; title: string; options: string[]; data: OtherTexts }

/** The fields the database returned (those with a code), in the survey file's order. */
export function codedOthersOf(config: SurveyConfig, found: Record<string, OtherTexts>): CodedOther[] {
  const questions = new Map(config.questions.map((question) => [question.id, question]));
  return Object.entries(otherFieldsOf(config)).filter(([field]) => found[field]).map(([field, text]) => {
    const question = questions.get(text.question)!;
    return { field, question: question.id, title: readableText(question.title), options: optionValuesOf(question), data: found[field]! };
  });
}

/** The answers by code, most first (ties by code), those without a code last: their sum is the raw total. */
export const codeRows = (coded: Record<string, number>): { code: string | null; answers: number }[] => [
  ...Object.entries(coded).filter(([code]) => code !== "").sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([code, answers]) => ({ code, answers })),
  ...(coded[""] ? [{ code: null, answers: coded[""] }] : []),
];

/**
 * A coded cross-tab axis (`<id>/coded`) with its field's current codes
 * (folded text → code), as team.coded_axis gives the results site's: the
 * report reads them from report.coded_others (no code: the answers as
 * given). Any other axis as it is.
 */
export function withCodes(axis: CrosstabAxis, others: Record<string, OtherTexts>): CrosstabAxis {
  if (axis.kind !== "coded") return axis;
  const codes = Object.fromEntries((others[axis.field]?.texts ?? []).flatMap((text) => (text.code === null ? [] : [[text.key, text.code]])));
  return { ...axis, codes };
}
