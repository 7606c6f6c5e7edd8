/** The tools of the types answered by typing (text, number, textarea) and of those answered by choosing options. */
import { LIMITS, optionValue } from "../../core/fields.ts";
import { optionErrors } from "../../core/checks/option-checks.ts";
import type { Locator } from "playwright-core";
import type { EditorField } from "../editor-fields.ts";
import type { JsonSchema, QuestionTools } from "../types.ts";
import { pickSql, textColumn, textSql } from "./sql.ts";
import { choiceReportSql } from "./report-sql.ts";

/** A typed text: every row has one when it is required, half the rows otherwise. */
export const textSeedSql = (question: { required: boolean }) => (question.required ? `'Respuesta ' || g.i` : `case when random() < 0.5 then 'Texto libre ' || g.i end`);

type Own<T extends keyof QuestionTools<never>> = Pick<QuestionTools<never>, T>;

/** A typed or chosen answer's column is a text of at most LIMITS.textLength characters. */
const textRow = (): JsonSchema => ({ type: "string", maxLength: LIMITS.textLength });

type Typed = "text" | "number" | "textarea";
type Chosen = "radio" | "select";

// Written once for the whole family, then cast to one member: TypeScript cannot read a property through a generic Extract.
export const typedTools = <T extends Typed>(own: Own<"schema" | "report" | "editor" | "seedSql" | "bench"> & { sample: string }): QuestionTools<T> =>
  ({
    schema: own.schema,
    fileErrors: () => [],
    optionValues: () => undefined,
    column: (_question, column) => textColumn(column, undefined),
    sql: textSql,
    rowSchema: textRow,
    sampleAnswer: () => own.sample,
    seedSql: own.seedSql,
    bench: own.bench,
    report: own.report,
    editor: own.editor,
  }) satisfies QuestionTools<Typed> as unknown as QuestionTools<T>;

/** The bench's answer to a radio or checkbox question: its first option, clicked, keeping the focus. */
export async function clickFirst(options: Locator): Promise<void> {
  await options.first().click();
  await options.first().focus();
}

/** The 'other' field's settings, shown when the question has one. */
export const OTHER_FIELD: EditorField = {
  kind: "companion",
  legend: { "pt-BR": "Campo de texto quando “{option}” é escolhida", es: "Campo de texto cuando se elige “{option}”", en: "Text field when “{option}” is chosen" },
};

export const choiceTools = <T extends Chosen>(own: Own<"schema" | "messages" | "editor" | "bench">): QuestionTools<T> =>
  ({
    schema: own.schema,
    fileErrors: optionErrors,
    optionValues: (question) => question.options.map(optionValue),
    column: (_question, column, values) => textColumn(column, values),
    sql: textSql,
    rowSchema: textRow,
    sampleAnswer: (question) => optionValue(question.options[0]!),
    seedSql: (question) => pickSql(question.options.map(optionValue), "random()"),
    bench: own.bench,
    messages: own.messages,
    report: { numbers: "choice", sql: choiceReportSql, crosstab: "one" },
    editor: own.editor,
  }) satisfies QuestionTools<Chosen> as unknown as QuestionTools<T>;
