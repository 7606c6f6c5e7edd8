/** The NPS question's part of the survey schema, its column (an integer 0..10), its report (the 0..10 histogram and the score) and its editor fields. */
import { NPS_MAX } from "./definition.ts";
import { orFalse } from "../shared/sql.ts";
import type { QuestionTools } from "../types.ts";
import schema from "./schema.json" with { type: "json" };
import { scaleReportSql } from "../number/report-sql.ts";

export const npsTools = {
  schema,
  fileErrors: () => [],
  optionValues: () => undefined,
  column: (_question, c) => ({ checks: [`${c} between 0 and ${NPS_MAX}`], present: `${c} is not null` }),
  sql: { isEmpty: (column) => `${column} is null`, compare: (column, operator, value) => orFalse(`${column} ${operator} ${String(value)}`) },
  rowSchema: () => ({ type: "integer", minimum: 0, maximum: NPS_MAX }),
  sampleAnswer: () => [9],
  seedSql: () => `floor(random() * ${NPS_MAX + 1})::int`,
  bench: {
    control: ".nps-scale",
    async answer(_page, question) {
      const nine = question.locator(".point").nth(9);
      await nine.click();
      await nine.focus();
    },
  },
  messages: ["sliderRequired"],
  report: { numbers: "numeric", histogram: "ordinal", nps: true, sql: scaleReportSql, crosstab: "nps" },
  editor: {
    fields: [
      { kind: "textField", key: "minLabel", label: { "pt-BR": "Texto sob o 0", es: "Texto bajo el 0", en: "Text under 0" } },
      { kind: "textField", key: "maxLabel", label: { "pt-BR": "Texto sob o 10", es: "Texto bajo el 10", en: "Text under 10" } },
    ],
    starter: { minLabel: "0", maxLabel: "10" },
    menuPosition: 8,
  },
} satisfies QuestionTools<"nps">;
