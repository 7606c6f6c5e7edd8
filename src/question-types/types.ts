/**
 * What a question type is made of. A type's folder fills in these parts and
 * the registry lists them; everything else asks the registry, never the type.
 *
 * - QuestionDefinition: what the respondent's page needs (pure, small, in the
 *   first load).
 * - QuestionTools: what the build, the database, validate, the report and the
 *   editor need (pure too, but kept out of the page's bundle).
 * - The input, a React component in its own lazy chunk.
 */
import type { AnswerValue } from "../core/answers.ts";
import type { ComparisonTest } from "../core/conditions.ts";
import type { FieldKind } from "../core/fields.ts";
import type { MessageTexts } from "../core/resolve-survey.ts";
import type { RowValue } from "../core/to-row.ts";
import type { CompanionField, Option, Question } from "../generated/survey-config.ts";
import type { Locator, Page } from "playwright-core";
import type { EditorField } from "./editor-fields.ts";
import type { ReportSql } from "./shared/report-sql.ts";

/** How a question type splits respondents in a cross-tab. */
export type CrosstabKind = "one" | "many" | "nps" | "bins" | "matrix";

export type QuestionType = Question["type"];
export type QuestionOf<T extends QuestionType> = Extract<Question, { type: T }>;

/** A free-text field that goes with a question; `revealedBy` is the option that shows it, when only one does. */
export interface Companion {
  field: CompanionField;
  /** Its key in the question ("other", "extraText"), for its JSON pointer. */
  key: string;
  revealedBy?: string;
}

export interface QuestionDefinition<T extends QuestionType> {
  /** How the answer is held and stored: a text, a list of option values, an integer or a date. */
  kind: FieldKind;
  /** The form's answer before the respondent gives one. */
  emptyAnswer(question: QuestionOf<T>): AnswerValue;
  /** Which of the survey's messages says that a required answer is missing. */
  requiredMessage: keyof MessageTexts;
  companion(question: QuestionOf<T>): Companion | undefined;
  /** The condition tests that may read this question (validate enforces them, the editor offers only these). */
  tests: readonly ComparisonTest[];
  /** Its condition tests compare with numbers rather than option values. */
  comparesNumbers: boolean;
  /** The question as the page shows it: the default placeholders from the survey's messages filled in. */
  withPlaceholders(question: QuestionOf<T>, messages: MessageTexts): QuestionOf<T>;
  /** The message that says a given (non-empty) answer is malformed, for types the page cannot constrain by input alone. */
  invalidMessage?(question: QuestionOf<T>, value: AnswerValue): keyof MessageTexts | undefined;
  /** The values that message's placeholders take ({min}, {max}), worded in the survey's language. */
  invalidValues?(question: QuestionOf<T>, messages: MessageTexts, language: string | undefined): Record<string, string>;
  /** A draft's answer that still fits the question as it is today, else undefined. */
  fitDraft(question: QuestionOf<T>, value: unknown): AnswerValue | undefined;
  /** The answer as its column stores it. */
  rowValue(question: QuestionOf<T>, value: AnswerValue | undefined): RowValue;
  /** A type whose answer is complete only when every part is given (a matrix: every row), beyond not being empty. */
  isIncomplete?(question: QuestionOf<T>, value: AnswerValue): boolean;
  /** How an answer per key (kind "map") reads when recalled with {answer:id}. */
  mapText?(question: QuestionOf<T>, value: Record<string, string>): string;
}

export type JsonSchema = Record<string, unknown>;

/** The SQL of one column of the table: its checks, and what "answered" means for the presence checks. */
export interface ColumnSql {
  checks: string[];
  present: string;
}

export interface QuestionTools<T extends QuestionType> {
  /** Its definitions in the survey file's JSON Schema ($defs entries, in order; the question's own last). */
  schema: Record<string, JsonSchema>;
  /** Checks of the survey file that the schema cannot express. */
  fileErrors(question: QuestionOf<T>, pointer: string): { pointer: string; message: string }[];
  /** The stored option values, for a question that has options. */
  optionValues(question: QuestionOf<T>): string[] | undefined;
  /** The CHECK of its answer's column (`values`: every option value ever allowed). */
  column(question: QuestionOf<T>, column: string, values: string[] | undefined): ColumnSql;
  /** Its column in SQL conditions: unanswered, and compared with a number. */
  sql: { isEmpty(column: string): string; compare(column: string, operator: string, value: number): string };
  /** The JSON Schema of its answer in a row (without null). */
  rowSchema(question: QuestionOf<T>): JsonSchema;
  /** A valid answer, for tests and the bench. */
  sampleAnswer(question: QuestionOf<T>): AnswerValue;
  /** A random valid answer per row as SQL, for the report's synthetic results (`g.i` numbers the row). */
  seedSql(question: QuestionOf<T>): string;
  /** How the interaction bench finds its control in `.question` (a selector no other type's control matches) and answers it validly, leaving the focus where Enter moves on. */
  bench: { control: string; answer(page: Page, question: Locator): Promise<void> };
  /** The survey messages only this type uses (and any other type that lists them): a survey that asks none of these types is built without them. */
  messages?: readonly (keyof MessageTexts)[];
  /**
   * Which numbers the report shows for it, the scale of its histogram, whether it adds the Net Promoter Score, the SQL that computes them in the database,
   * and how it splits respondents in a cross-tab (src/report/crosstab/axes.ts): its one value, each of its values, its NPS band, its number's bins,
   * or each matrix row's column; none: it is never a row or column of one.
   */
  report: { numbers: "choice" | "multiple" | "numeric" | "text" | "count" | "months" | "ranking" | "matrix"; histogram?: "ordinal" | "binned"; nps?: true; sql: ReportSql; crosstab?: CrosstabKind };
  /**
   * For an answer per key (a matrix): the rows a condition's `row` may name,
   * the values a row's test compares with, the tests that read one row (they
   * need `row`; "is" takes one or not: that row, or the whole answer), and
   * one row's answer in SQL (a text, NULL while that row is unanswered).
   */
  conditionRows?: { tests: readonly ComparisonTest[]; rows(question: QuestionOf<T>): Option[]; values(question: QuestionOf<T>): Option[]; sql(column: string, row: string): string };
  /** The editor: its settings' fields, what a new one starts with, and its place in the "Type" menu. */
  editor: { fields: EditorField[]; starter: Record<string, unknown>; menuPosition: number };
}
