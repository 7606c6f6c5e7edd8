/** The rating question's part of the survey schema, its column (an integer from 1 to its points), its report (a histogram) and its editor fields. */
import { DEFAULT_POINTS } from "./points.ts";
import { orFalse } from "../shared/sql.ts";
import type { QuestionTools } from "../types.ts";
import schema from "./schema.json" with { type: "json" };
import { scaleReportSql } from "../number/report-sql.ts";

export const ratingTools = {
  schema,
  fileErrors: () => [],
  optionValues: () => undefined,
  column: (question, c) => ({ checks: [`${c} between 1 and ${question.points ?? DEFAULT_POINTS}`], present: `${c} is not null` }),
  sql: { isEmpty: (column) => `${column} is null`, compare: (column, operator, value) => orFalse(`${column} ${operator} ${String(value)}`) },
  rowSchema: (question) => ({ type: "integer", minimum: 1, maximum: question.points ?? DEFAULT_POINTS }),
  sampleAnswer: (question) => [question.points ?? DEFAULT_POINTS],
  seedSql: (question) => `1 + floor(random() * ${question.points ?? DEFAULT_POINTS})::int`,
  bench: {
    control: ".rating-scale",
    async answer(_page, question) {
      const last = question.locator(".point").last();
      await last.click();
      await last.focus();
    },
  },
  messages: ["sliderRequired"],
  report: { numbers: "numeric", histogram: "ordinal", sql: scaleReportSql, crosstab: "one" },
  editor: {
    fields: [
      {
        kind: "row",
        fields: [
          { kind: "numberField", key: "points", label: { "pt-BR": "Pontos (3 a 10)", es: "Puntos (3 a 10)", en: "Points (3 to 10)" }, optional: true },
          {
            kind: "choice",
            key: "display",
            label: { "pt-BR": "Aparência", es: "Aspecto", en: "Look" },
            choices: [
              { value: "stars", label: { "pt-BR": "Estrelas", es: "Estrellas", en: "Stars" } },
              { value: "numbers", label: { "pt-BR": "Números", es: "Números", en: "Numbers" } },
            ],
            optional: true,
            unset: { "pt-BR": "Estrelas (padrão)", es: "Estrellas (por defecto)", en: "Stars (default)" },
          },
        ],
      },
      { kind: "textField", key: "minLabel", label: { "pt-BR": "Texto no extremo mínimo", es: "Texto en el extremo mínimo", en: "Text at the lowest end" }, optional: true },
      { kind: "textField", key: "maxLabel", label: { "pt-BR": "Texto no extremo máximo", es: "Texto en el extremo máximo", en: "Text at the highest end" }, optional: true },
    ],
    starter: { points: 5 },
    menuPosition: 7,
  },
} satisfies QuestionTools<"rating">;
