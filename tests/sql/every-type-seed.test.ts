/**
 * The synthetic rows of the every-type fixture (the report's tests and bench)
 * pass every column's CHECK, on PGlite and PostgreSQL, and the report's Net
 * Promoter Score of them (report.survey_numbers, as the report reads it)
 * equals the one PostgreSQL counts from the same rows.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedReportSql } from "../../scripts/bench/seed-report-data.ts";
import { numbersRequest, reportNumbersOf, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { everyTypeSurvey } from "../support/surveys.ts";

describe.each(BACKENDS)("the every-type fixture's synthetic rows on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    for (const migration of planMigrations([{ file: "surveys/every-type.json", config: everyTypeSurvey }], emptyDbState()).migrations) await db.migrate(migration.content);
    await db.migrate(seedReportSql(everyTypeSurvey, { visits: 300, extraResponses: 40, seed: 0.3 }));
  }, 180_000);
  afterAll(() => db?.close());

  test("are stored, with every newer type answered within its limits", async () => {
    const [counts] = await db.query<Record<string, number>>(
      `select count(*)::int as n, count(*) filter (where utilidad between 1 and 5)::int as rating, count(*) filter (where recomendaria between 0 and 10)::int as nps,
              count(*) filter (where correo like '%@ejemplo.com')::int as email, count(*) filter (where whatsapp ~ '^\\+55')::int as phone,
              count(*) filter (where fecha_examen >= (created_at at time zone 'UTC')::date)::int as date,
              count(*) filter (where cardinality(prioridades) = 3)::int as ranking,
              count(*) filter (where intereses ?& array['Clases en vivo', 'Simulacros', 'Mentoria'])::int as matrix
       from public.every_type_responses`,
    );
    expect(counts!.n).toBeGreaterThan(100);
    for (const type of ["rating", "nps", "email", "phone", "date", "ranking", "matrix"]) expect(counts![type], type).toBe(counts!.n);
  });

  test("the report's NPS equals the one PostgreSQL counts from the rows", async () => {
    const [sql] = await db.query<{ score: string }>(
      "select 100.0 * (count(*) filter (where recomendaria >= 9) - count(*) filter (where recomendaria <= 6)) / count(recomendaria) as score from public.every_type_responses",
    );
    const [{ numbers }] = (await db.query<{ numbers: SqlNumbers }>("select report.survey_numbers($1::jsonb) as numbers", [JSON.stringify(numbersRequest(everyTypeSurvey, { where: {} }, "UTC"))])) as [{ numbers: SqlNumbers }];
    const nps = reportNumbersOf(everyTypeSurvey, numbers).questions.find((question) => question.id === "recomendaria");
    expect(nps?.kind === "numeric" && nps.nps?.score).toBeCloseTo(Number(sql!.score), 9);
  });
});
