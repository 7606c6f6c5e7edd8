/**
 * The checkbox question's part of the survey schema, its column (a flat list
 * of its options, at most maxSelections), its report (counts, each of those
 * who answered may tick several) and its editor fields.
 */
import { LIMITS, optionValue } from "../../core/fields.ts";
import { optionErrors } from "../../core/checks/option-checks.ts";
import { textArray } from "../shared/sql.ts";
import { SHUFFLE_OPTIONS } from "../editor-fields.ts";
import { clickFirst } from "../shared/typed-tools.ts";
import type { QuestionTools } from "../types.ts";
import schema from "./schema.json" with { type: "json" };
import { multipleReportSql } from "./report-sql.ts";

export const checkboxTools = {
  schema,
  fileErrors: optionErrors,
  optionValues: (question) => question.options.map(optionValue),
  column: (question, c, values) => ({
    checks: [
      `coalesce(array_ndims(${c}), 1) = 1`,
      `array_position(${c}, null) is null`,
      `${c} <@ ${textArray(values ?? [])}`,
      `cardinality(${c}) <= ${question.maxSelections || LIMITS.listEntries}`,
    ],
    present: `${c} is not null and cardinality(${c}) >= 1`,
  }),
  sql: {
    isEmpty: (column) => `coalesce(cardinality(${column}) = 0, true)`,
    compare: () => {
      throw new Error("[sql] a checkbox answer is not compared with a number; run npm run validate");
    },
  },
  rowSchema: () => ({ type: "array", maxItems: LIMITS.listEntries, items: { type: "string", maxLength: LIMITS.listEntryLength } }),
  sampleAnswer: (question) => [optionValue(question.options[0]!)],
  seedSql(question) {
    const values = question.options.map(optionValue);
    const chosen = `array(select o from unnest(${textArray(values)}) o where random() < 0.35 and g.i is not null)`;
    return question.required ? `coalesce(nullif(${chosen}, '{}'), ${textArray([values[0]!])})` : chosen;
  },
  bench: { control: "[role=checkbox]", answer: (_page, question) => clickFirst(question.locator("[role=checkbox]")) },
  messages: ["checkboxRequired"],
  report: { numbers: "multiple", sql: multipleReportSql, crosstab: "many" },
  editor: {
    fields: [
      { kind: "options" },
      SHUFFLE_OPTIONS,
      {
        kind: "numberField",
        key: "maxSelections",
        label: { "pt-BR": "No máximo tantas escolhas (vazio: sem limite)", es: "Como máximo tantas opciones (vacío: sin límite)", en: "At most this many choices (empty: no limit)" },
        optional: true,
      },
      { kind: "companion", legend: { "pt-BR": "Campo de texto extra", es: "Campo de texto extra", en: "Extra text field" } },
    ],
    starter: { options: ["1", "2"] },
    menuPosition: 5,
  },
} satisfies QuestionTools<"checkbox">;
