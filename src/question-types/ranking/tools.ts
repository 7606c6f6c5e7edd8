/**
 * The ranking question's part of the survey schema, its column (a text[] of
 * distinct options, exactly as many as the places ranked: a CHECK cannot run
 * a subquery, so "distinct" is one array_positions test per option), its
 * report (per option how many ranked it, its mean place and first places)
 * and its editor fields.
 */
import { optionValue } from "../../core/fields.ts";
import { optionErrors } from "../../core/checks/option-checks.ts";
import { sqlLiteral, textArray } from "../shared/sql.ts";
import type { QuestionTools } from "../types.ts";
import { SHUFFLE_OPTIONS } from "../editor-fields.ts";
import { rankedCount } from "./definition.ts";
import schema from "./schema.json" with { type: "json" };
import { rankingReportSql } from "./report-sql.ts";

export const rankingTools = {
  schema,
  fileErrors: (question, pointer) => [
    ...optionErrors(question, pointer),
    ...(question.top !== undefined && question.top > question.options.length
      ? [{ pointer: `${pointer}/top`, message: `top is ${question.top} but there are only ${question.options.length} options; lower top or leave it out` }]
      : []),
  ],
  optionValues: (question) => question.options.map(optionValue),
  column: (question, c, values) => ({
    checks: [
      `coalesce(array_ndims(${c}), 1) = 1`,
      `array_position(${c}, null) is null`,
      `${c} <@ ${textArray(values ?? [])}`,
      `cardinality(${c}) = ${rankedCount(question)}`,
      ...(values ?? []).map((value) => `cardinality(array_positions(${c}, ${sqlLiteral(value)})) <= 1`),
    ],
    present: `${c} is not null`,
  }),
  sql: {
    isEmpty: (column) => `coalesce(cardinality(${column}) = 0, true)`,
    compare: () => {
      throw new Error("[sql] a ranking answer is not compared with a number; run npm run validate");
    },
  },
  rowSchema: (question) => {
    const places = rankedCount(question);
    return { type: "array", minItems: places, maxItems: places, uniqueItems: true, items: { enum: question.options.map(optionValue) } };
  },
  sampleAnswer: (question) => question.options.map(optionValue).slice(0, rankedCount(question)),
  // `g.i` ties the shuffle to the row, so that each row draws its own order.
  seedSql: (question) =>
    `array(select o from unnest(${textArray(question.options.map(optionValue))}) o where g.i is not null order by random() limit ${rankedCount(question)})`,
  bench: {
    control: ".ranking-list",
    async answer(_page, question) {
      const keep = question.locator(".ranking-keep");
      await keep.click();
    },
  },
  messages: ["rankingRequired", "rankingMoveUp", "rankingMoveDown", "rankingKeepOrder"],
  report: { numbers: "ranking", sql: rankingReportSql },
  editor: {
    fields: [{ kind: "options" }, SHUFFLE_OPTIONS, { kind: "numberField", key: "top", label: { "pt-BR": "Ordenar só as primeiras (vazio: todas as opções)", es: "Ordenar solo las primeras (vacío: todas las opciones)", en: "Rank only the first (empty: every option)" }, optional: true }],
    starter: { options: ["1", "2", "3"] },
    menuPosition: 12,
  },
} satisfies QuestionTools<"ranking">;
