/**
 * The slider question's part of the survey schema (with its value labels),
 * its column (an integer on its scale), its report (a histogram of every
 * value) and its editor fields.
 */
import { sliderErrors } from "./file-checks.ts";
import { orFalse } from "../shared/sql.ts";
import type { QuestionTools } from "../types.ts";
import schema from "./schema.json" with { type: "json" };
import { scaleReportSql } from "../number/report-sql.ts";

export const sliderTools = {
  schema,
  fileErrors: sliderErrors,
  optionValues: () => undefined,
  column: (question, c) => ({
    checks: [`${c} between ${question.min} and ${question.max}`, ...((question.step ?? 1) > 1 ? [`(${c} - ${question.min}) % ${question.step} = 0`] : [])],
    present: `${c} is not null`,
  }),
  sql: { isEmpty: (column) => `${column} is null`, compare: (column, operator, value) => orFalse(`${column} ${operator} ${String(value)}`) },
  rowSchema: (question) => ({ type: "integer", minimum: question.min, maximum: question.max }),
  sampleAnswer: (question) => [question.default],
  seedSql: (question) => `${question.min} + floor(random() * ${question.max - question.min + 1})::int`,
  bench: {
    control: "[role=slider]",
    async answer(page, question) {
      await question.locator("[role=slider]").focus();
      await page.keyboard.press("ArrowRight");
    },
  },
  messages: ["sliderRequired"],
  report: { numbers: "numeric", histogram: "ordinal", sql: scaleReportSql, crosstab: "bins" },
  editor: {
    fields: [
      {
        kind: "row",
        fields: [
          { kind: "numberField", key: "min", label: { "pt-BR": "Mínimo", es: "Mínimo", en: "Lowest" } },
          { kind: "numberField", key: "max", label: { "pt-BR": "Máximo", es: "Máximo", en: "Highest" } },
          { kind: "numberField", key: "step", label: { "pt-BR": "Passo", es: "Paso", en: "Step" }, optional: true },
          { kind: "numberField", key: "default", label: { "pt-BR": "Começa em", es: "Empieza en", en: "Starts at" } },
        ],
      },
      { kind: "textField", key: "minLabel", label: { "pt-BR": "Texto no extremo mínimo", es: "Texto en el extremo mínimo", en: "Text at the lowest end" } },
      { kind: "textField", key: "maxLabel", label: { "pt-BR": "Texto no extremo máximo", es: "Texto en el extremo máximo", en: "Text at the highest end" } },
      { kind: "valueLabels" },
    ],
    starter: { min: 0, max: 10, default: 5, minLabel: "0", maxLabel: "10" },
    menuPosition: 6,
  },
} satisfies QuestionTools<"slider">;
