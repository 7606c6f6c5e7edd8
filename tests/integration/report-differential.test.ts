// The report's numbers both ways on the same random data: computed by the
// database (report.survey_numbers, as the report reads them) and folded in
// Node one row at a time (tests/support/report-oracle, the report's former
// computation). Every number must agree, with and without filters.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { numbersRequest, reportNumbersOf, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import type { ReadFilters } from "../../scripts/report/read-rows.ts";
import type { VisitRow } from "../support/report-oracle/visit-numbers.ts";
import { comparable } from "../support/report-oracle/comparable.ts";
import { reportNumbers } from "../support/report-oracle/numbers.ts";
import { pgliteBackend, type SqlBackend } from "../support/sql-backends.ts";
import { randomResults, randomReportSql, RANDOM_SURVEY } from "../support/random-results.ts";

let db: SqlBackend;

beforeAll(async () => {
  db = await pgliteBackend();
  for (const sql of randomReportSql({ tallies: false })) await db.migrate(sql);
  await randomResults(db, 20261124);
}, 60_000);
afterAll(() => db?.close());

async function bothWays(filters: ReadFilters) {
  const since = filters.since ?? "-infinity";
  const source = filters.where.utm_source;
  const rows = await db.query<{ row: Record<string, unknown> & { created_at: string } }>(
    `select row_to_json(t) as row from public.${RANDOM_SURVEY.table} t where created_at >= $1 and ($2::text is null or utm_source = $2) order by id`, [since, source ?? null]);
  const visits = await db.query<{ row: VisitRow }>(
    `select row_to_json(v) as row from public.visits v where survey_id = $1 and started_at >= $2 and ($3::text is null or hidden->>'utm_source' = $3) order by visit_id`, [RANDOM_SURVEY.id, since, source ?? null]);
  const [{ numbers }] = (await db.query<{ numbers: SqlNumbers }>("select report.survey_numbers($1::jsonb) as numbers", [JSON.stringify(numbersRequest(RANDOM_SURVEY, filters, "UTC"))])) as [{ numbers: SqlNumbers }];
  return { sql: reportNumbersOf(RANDOM_SURVEY, numbers), node: reportNumbers(RANDOM_SURVEY, rows.map(({ row }) => row), visits.map(({ row }) => row)) };
}

describe("the report's numbers computed by the database", () => {
  test.each([
    ["every response", { where: {} }],
    ["since a date", { since: "2026-11-05T12:00:00Z", where: {} }],
    ["one source", { where: { utm_source: "instagram" } }],
    ["no source", { where: { utm_source: "" } }],
  ] as [string, ReadFilters][])("are the numbers computed in Node: %s", async (_name, filters) => {
    const { sql, node } = await bothWays(filters);
    expect(node.responses).toBeGreaterThan(0);
    expect(comparable(sql)).toEqual(comparable(node));
  });

  test("the random data covers every kind of numbers, nulls, 'other' texts, values no longer offered, typed non-numbers, endings and languages", async () => {
    const { sql } = await bothWays({ where: {} });
    expect(new Set(sql.questions.map((question) => question.kind))).toEqual(new Set(["choice", "multiple", "numeric", "text", "count", "months", "ranking", "matrix"]));
    expect(sql.endings!.every((ending) => ending.responses > 0)).toBe(true);
    // Every listed language, and a tag the file no longer lists ("fr") after them.
    expect(sql.languages!.map((language) => language.language)).toEqual(["es", "pt-BR", "en", "fr"]);
    expect(sql.languages!.every((language) => language.responses > 0)).toBe(true);
    const choice = sql.questions.find((question) => question.id === "canal")!;
    expect(choice.kind === "choice" && choice.options.some((option) => option.value === "Retirada") && choice.others!.newest.length > 0).toBe(true);
    const typed = sql.questions.find((question) => question.type === "number")!;
    expect(typed.kind === "numeric" && typed.notNumbers > 0).toBe(true);
    expect(sql.funnel?.length).toBe(RANDOM_SURVEY.questions.length + 2);
    expect(sql.sources[0]!.rows.length).toBeGreaterThan(2);
  });
});
