/**
 * A matrix's jsonb column refuses, from the public anon role, every object
 * the page could not produce: a row it does not have, a value off the scale
 * or not a text, a row left out of a required matrix, something not an
 * object.
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
const every = { "Clases en vivo": "Mucho", Simulacros: "Algo", Mentoria: "Nada" };

beforeAll(async () => {
  ({ db, insert } = await rankingMatrixTable());
}, 90_000);
afterAll(() => db?.close());

describe("a matrix column", () => {
  test("stores the page's answer, each row's value → its column's value", async () => {
    expect(row().intereses).toEqual(every);
    expect(await insert(row())).toBe("stored");
  });

  test.each<[string, unknown]>([
    ["a row it does not have", { ...every, Idiomas: "Algo" }],
    ["a value off the scale", { ...every, Simulacros: "Bastante" }],
    ["a value that is not a text", { ...every, Simulacros: 2 }],
    ["a row left out of a required matrix", { "Clases en vivo": "Mucho", Simulacros: "Algo" }],
    ["an empty object", {}],
    ["a list instead of an object", ["Mucho", "Algo", "Nada"]],
  ])("refuses %s", async (_what, intereses) => {
    expect(await insert(row({ intereses }))).toMatch(/check constraint|violates/);
  });
});
