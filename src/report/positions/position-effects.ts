/**
 * Position effects of random order (a question's `shuffleOptions`,
 * src/core/shown-order.ts): whether the place an option was shown in changed
 * how often it was chosen. Shuffling makes every order of the shuffled
 * options equally likely whatever a respondent prefers, so with no effect of
 * the place:
 * - a single choice's chosen option stands in each shuffled place equally
 *   often (a χ² goodness of fit against the uniform, places − 1 degrees of
 *   freedom);
 * - a multiple choice's options are picked as often in every shuffled place
 *   (the χ² of picked and not picked by place: each respondent saw every
 *   place once).
 * An anchored option keeps its place ("Otro" last): its place is shown and
 * left out of the test. The counts come from report.crosstab with the
 * question against its "position" axis: a column's base is the respondents
 * whose answer stood in that place, the total those who answered with a
 * shown order. Pure.
 */
import { isAnchored, SHOWN_ORDER_COLUMN, shuffledListOf } from "../../core/shown-order.ts";
import type { Option, SurveyConfig } from "../../generated/survey-config.ts";
import { crosstabAxes, type CrosstabAxis } from "../crosstab/axes.ts";
import { gammaQ } from "../crosstab/gamma-q.ts";
import { chiSquareOf, LEAST_EXPECTED } from "../crosstab/statistics.ts";
import type { CrosstabCounts } from "../crosstab/table.ts";

/** A shuffled question and the axis of its answer's places. */
export interface PositionAxes {
  question: CrosstabAxis;
  position: CrosstabAxis;
  /** How many places its list has, and which (1-based) keep their option. */
  places: number;
  anchored: number[];
}

export interface PositionRow {
  place: number;
  /** Respondents whose answer stood in this place. */
  count: number;
  /** Of the respondents who answered with a shown order. */
  share: number | null;
  anchored: boolean;
}

export interface PositionTest { statistic: number; df: number; p: number; /** An expected count under 5: the p-value is rough. */ lowExpected: boolean }

export interface PositionEffect {
  question: CrosstabAxis;
  many: boolean;
  respondents: number;
  rows: PositionRow[];
  /** Null with fewer than two shuffled places or nobody to count. */
  test: PositionTest | null;
}

/** Each question whose options are shuffled and whose answer is one option or several, with the axis of its answer's places. */
export function positionAxes(config: SurveyConfig): PositionAxes[] {
  const axes = new Map(crosstabAxes(config).map((axis) => [axis.id, axis]));
  return config.questions.flatMap((question) => {
    const axis = axes.get(question.id);
    if (shuffledListOf(question)?.list !== "options" || !axis || (axis.kind !== "one" && axis.kind !== "many") || !("options" in question)) return [];
    const options = question.options as Option[];
    const position: CrosstabAxis = { id: `~position/${question.id}`, title: axis.title, kind: "position", column: axis.column, shown: SHOWN_ORDER_COLUMN, question: question.id, many: axis.kind === "many", values: null, personal: false };
    const anchored = options.flatMap((option, at) => (isAnchored(option) ? [at + 1] : []));
    return [{ question: axis, position, places: options.length, anchored }];
  });
}

/** The goodness of fit of counts to equal shares. */
function uniformFit(counts: number[]): PositionTest | null {
  const n = counts.reduce((sum, count) => sum + count, 0);
  if (counts.length < 2 || n === 0) return null;
  const expected = n / counts.length;
  const statistic = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
  const df = counts.length - 1;
  return { statistic, df, p: gammaQ(df / 2, statistic / 2), lowExpected: expected < LEAST_EXPECTED };
}

export function positionEffect({ question, position, places, anchored }: PositionAxes, counts: CrosstabCounts): PositionEffect {
  const many = position.kind === "position" && position.many;
  const respondents = counts.total;
  const rows = Array.from({ length: places }, (_, at) => {
    const count = counts.columnBases[String(at + 1)] ?? 0;
    return { place: at + 1, count, share: respondents > 0 ? count / respondents : null, anchored: anchored.includes(at + 1) };
  });
  const shuffled = rows.filter((row) => !row.anchored).map((row) => row.count);
  let test: PositionTest | null;
  if (!many) test = uniformFit(shuffled);
  else {
    const chi = shuffled.length < 2 ? null : chiSquareOf([shuffled, shuffled.map((count) => respondents - count)]);
    test = chi && { statistic: chi.statistic, df: chi.df, p: chi.p, lowExpected: chi.lowExpected > 0 };
  }
  return { question, many, respondents, rows, test };
}
