/** A date question's before/after conditions read the same in the page (conditionHolds) and in PostgreSQL (conditionSql), row by row. */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgliteWithRoles } from "../../scripts/data-api/pglite-snapshot.ts";
import { conditionHolds } from "../../src/core/conditions.ts";
import type { Condition, Question } from "../../src/generated/survey-config.ts";
import { conditionSql } from "../../scripts/sql/condition-sql.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const examen: Question = { id: "examen", type: "date", title: "¿Cuándo?", emoji: "📅", required: false };
const config = tinySurvey({ questions: [examen] });
const VALUES = ["", "2026-12-30", "2026-12-31", "2027-01-01"];
const CONDITIONS: Condition[] = [
  { question: "examen", before: "2026-12-31" },
  { question: "examen", after: "2026-12-31" },
  { not: { question: "examen", before: "2026-12-31" } },
  { question: "examen", is: "empty" },
];

// Restored from the roles snapshot: a new PGlite would run initdb in WebAssembly (seconds of CPU).
let db: PGlite;
beforeAll(async () => {
  db = await pgliteWithRoles();
  await db.exec("create table answers (n integer primary key, examen date)");
  await db.exec(`insert into answers values ${VALUES.map((value, n) => `(${n}, ${value === "" ? "null" : `'${value}'`})`).join(", ")}`);
}, 120_000);
afterAll(() => db.close());

describe("date conditions", () => {
  test.each(CONDITIONS)("%j: the database agrees with the page on every date", async (condition) => {
    const { rows } = await db.query<{ n: number; holds: boolean }>(`select n, ${conditionSql(condition, config)} as holds from answers order by n`);
    expect(rows.map((row) => row.holds)).toEqual(VALUES.map((value) => conditionHolds(condition, () => value)));
  });

  test("before and after are false while unanswered", () => {
    expect(conditionHolds({ question: "examen", before: "2030-01-01" }, () => "")).toBe(false);
    expect(conditionHolds({ question: "examen", after: "2000-01-01" }, () => "")).toBe(false);
    expect(conditionHolds({ question: "examen", after: "2000-01-01" }, () => "2026-11-24")).toBe(true);
  });
});
