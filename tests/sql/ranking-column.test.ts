/**
 * A ranking's column refuses, from the public anon role, every list the page
 * could not produce: duplicates, options it does not have, too few or too
 * many places, a nested list or a null entry.
 */
import { withVersion } from "../support/versioned-rows.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { SqlBackend } from "../support/sql-backends.ts";
import { rankingMatrixSurvey, rankingMatrixTable } from "../support/ranking-matrix-fixture.ts";
import { pageAnswers } from "../support/ranking-matrix-answers.ts";

let db: SqlBackend;
let insert: (row: Row) => Promise<string>;
let counter = 0;
const row = (changes: Record<string, unknown> = {}) => ({ ...toRow(withVersion(rankingMatrixSurvey), pageAnswers(), `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`), ...changes }) as Row;

beforeAll(async () => {
  ({ db, insert } = await rankingMatrixTable());
}, 90_000);
afterAll(() => db?.close());

describe("a ranking column", () => {
  test("stores the page's ranking, in rank order", async () => {
    expect(await insert(row())).toBe("stored");
  });

  test.each<[string, unknown]>([
    ["a duplicate", ["Idioma", "Idioma", "Empleo"]],
    ["an option it does not have", ["Idioma", "Revalida", "Salud"]],
    ["too few places", ["Idioma", "Revalida"]],
    ["too many places", ["Idioma", "Revalida", "Empleo", "Vivienda"]],
    ["an empty list for a required ranking", []],
    ["a null entry", ["Idioma", null, "Empleo"]],
  ])("refuses %s", async (_what, prioridades) => {
    expect(await insert(row({ prioridades }))).toMatch(/check constraint/);
  });
});
