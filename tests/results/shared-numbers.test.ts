// A share link's answers shaped for the report's components: a withheld
// count or n is marked (never shown as 0), options keep the file's order,
// and a cross-tab's withheld cells stay null with shares only where both
// numbers are shown.
import { describe, expect, test } from "vitest";
import { sharedCrosstabTable, sharedQuestions, type SharedNumbers } from "../../src/results/shared/shared-numbers.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const config = tinySurvey({
  id: "t",
  table: "t",
  questions: [
    { id: "pais", type: "select", title: "¿País?", emoji: "🌎", required: false, options: ["Argentina", "Bolivia", "Chile"] },
    { id: "redes", type: "checkbox", title: "¿Redes?", emoji: "📱", required: false, options: ["TikTok", "YouTube"] },
    { id: "nombre", type: "text", title: "¿Nombre?", emoji: "🙂", required: false },
  ],
}) as unknown as SurveyConfig;

const link: SharedNumbers = {
  survey: "t", minimumGroup: 11, questions: ["pais", "redes"], crosstabs: true, updatedAt: "2026-12-01T00:00:00Z", expiresAt: null, filters: { until: "2026-11-30" },
  responses: 40,
  numbers: {
    pais: { kind: "choice", n: 40, none: 0, counts: { Argentina: 25, Bolivia: null, Chile: null } },
    redes: { kind: "multiple", n: null, none: null, counts: { TikTok: 30, YouTube: null } },
    nombre: { kind: "text", n: 40, none: 0, texts: ["Ana"] },
  },
};

describe("sharedQuestions", () => {
  test("a withheld count is marked withheld, a withheld n is marked too, and only the link's questions come", () => {
    const [pais, redes, ...rest] = sharedQuestions(config, link);
    expect(rest).toEqual([]);
    expect(pais).toMatchObject({ id: "pais", kind: "choice", n: 40 });
    expect(pais!.kind === "choice" && pais!.options.map(({ value, count, withheld }) => [value, count, withheld ?? false])).toEqual([["Argentina", 25, false], ["Bolivia", 0, true], ["Chile", 0, true]]);
    expect(redes).toMatchObject({ id: "redes", kind: "multiple", nWithheld: true });
  });
});

describe("sharedCrosstabTable", () => {
  test("rows and columns in the file's order then the withheld group; withheld cells null and without shares; no statistics", () => {
    const table = sharedCrosstabTable(config, link, "pais", "redes", { cells: [["Argentina", "TikTok", 20], ["~others", "TikTok", null]] }, { others: "Outras", none: "Sem resposta" });
    expect(table.rows.map(({ key, base }) => [key, base])).toEqual([["Argentina", 25], ["~others", 15]]);
    expect(table.columns.map(({ key, base }) => [key, base])).toEqual([["TikTok", 30]]);
    expect(table.cells.map((row) => row.map(({ count, columnShare }) => [count, columnShare]))).toEqual([[[20, 20 / 30]], [[null, null]]]);
    expect(table.statistics).toBeNull();
  });
});
