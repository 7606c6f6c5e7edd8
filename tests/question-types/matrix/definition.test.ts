import { describe, expect, test } from "vitest";
import { answerText } from "../../../src/core/interpolate.ts";
import { validateQuestion } from "../../../src/core/validation.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { matrix } from "../../../src/question-types/matrix/definition.ts";
import { tinySurvey } from "../../support/tiny-survey.ts";

const question = { id: "temas", type: "matrix", title: "Temas", emoji: "📊", required: true, rows: ["A", { value: "B", label: "Be" }], columns: ["Sí", "No"] } satisfies Question;
const { messages } = tinySurvey({ questions: [question] });

describe("the matrix definition", () => {
  test("a required matrix is answered only when every row is", () => {
    expect(validateQuestion(question, { temas: {} }, messages)).toBe(messages.matrixRequired);
    expect(validateQuestion(question, { temas: { A: "Sí" } }, messages)).toBe(messages.matrixRequired);
    expect(validateQuestion(question, { temas: { A: "Sí", B: "No" } }, messages)).toBeUndefined();
    expect(validateQuestion({ ...question, required: false }, { temas: { A: "Sí" } }, messages)).toBeUndefined();
  });

  test.each<[string, unknown, unknown]>([
    ["rows still answerable are kept", { A: "No", B: "Sí" }, { A: "No", B: "Sí" }],
    ["a row since removed is dropped", { A: "No", C: "Sí" }, { A: "No" }],
    ["a column since removed is dropped", { A: "Tal vez", B: "Sí" }, { B: "Sí" }],
    ["a list is not a matrix answer", ["Sí"], undefined],
  ])("a draft: %s", (_what, value, kept) => {
    expect(matrix.fitDraft(question, value)).toEqual(kept);
  });

  test("stores the answered rows, and null when none is", () => {
    expect(matrix.rowValue(question, { B: "No" })).toEqual({ B: "No" });
    expect(matrix.rowValue(question, {})).toBeNull();
  });

  test("recalled with {answer:id}, it reads each answered row with its column, in the rows' order", () => {
    expect(answerText(question, { B: "No", A: "Sí" })).toBe("A: Sí; Be: No");
  });
});
