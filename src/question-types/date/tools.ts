/**
 * The date question's part of the survey schema, its column (a date within
 * its limits) and its editor fields. A fixed limit is a plain CHECK. A limit
 * relative to today cannot be one (today moves, so old rows would start to
 * break it); it is checked against the row's created_at, which the server
 * sets at insert time, with one day of slack for the respondent's time zone.
 */
import type { DateBound } from "../../generated/survey-config.ts";
import { boundDate, isoDate } from "./bounds.ts";
import { sqlLiteral } from "../shared/sql.ts";
import type { QuestionTools } from "../types.ts";
import schema from "./schema.json" with { type: "json" };
import { dateReportSql } from "./report-sql.ts";

const INSERT_DAY = `(created_at at time zone 'UTC')::date`;

/** The limit in SQL, `slack` days wider, for a row inserted at created_at. */
function boundSql(bound: DateBound, slack: number): string {
  return typeof bound === "string" ? `date ${sqlLiteral(bound)}` : `${INSERT_DAY} + ${bound.daysFromToday + slack}`;
}


export const dateTools = {
  schema,
  fileErrors: (question, pointer) => {
    const [min, max] = [boundDate(question.min), boundDate(question.max)];
    const bothFixed = typeof question.min === "string" && typeof question.max === "string";
    return bothFixed && min! > max! ? [{ pointer: `${pointer}/max`, message: `max ${max} is before min ${min}` }] : [];
  },
  optionValues: () => undefined,
  column: (question, c) => ({
    checks: [...(question.min === undefined ? [] : [`${c} >= ${boundSql(question.min, -1)}`]), ...(question.max === undefined ? [] : [`${c} <= ${boundSql(question.max, 1)}`])],
    present: `${c} is not null`,
  }),
  // A date is never compared with a number (its tests are before, after and is).
  sql: { isEmpty: (column) => `${column} is null`, compare: () => "false" },
  rowSchema: () => ({ type: "string", format: "date" }),
  sampleAnswer: (question) => boundDate(question.min) ?? boundDate(question.max) ?? isoDate(new Date()),
  seedSql: (question) => {
    // A day of the year before the row's created_at, moved inside the limits as they were then.
    const day = `${INSERT_DAY} - floor(random() * 365)::int`;
    const low = question.min === undefined ? day : `greatest(${day}, ${boundSql(question.min, 0)})`;
    return question.max === undefined ? low : `least(${low}, ${boundSql(question.max, 0)})`;
  },
  bench: {
    control: "input[type=date]",
    answer: async (_page, question) => {
      const input = question.locator("input[type=date]");
      await input.fill((await input.getAttribute("min")) ?? (await input.getAttribute("max")) ?? isoDate(new Date()));
    },
  },
  messages: ["dateOutOfRange", "dateBetween", "dateFrom", "dateUntil", "dateToday"],
  report: { numbers: "months", sql: dateReportSql },
  editor: {
    fields: [
      {
        kind: "row",
        fields: [
          { kind: "dateBound", key: "min", label: { "pt-BR": "Data mais antiga", es: "Fecha más temprana", en: "Earliest date" } },
          { kind: "dateBound", key: "max", label: { "pt-BR": "Data mais recente", es: "Fecha más tardía", en: "Latest date" } },
        ],
      },
    ],
    starter: {},
    menuPosition: 11,
  },
} satisfies QuestionTools<"date">;
