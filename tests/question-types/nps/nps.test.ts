import { describe, expect, test } from "vitest";
import { conditionHolds } from "../../../src/core/conditions.ts";
import { answerText } from "../../../src/core/interpolate.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { definitionOf } from "../../../src/question-types/registry.ts";

const recomendaria = { id: "recomendaria", type: "nps", title: "¿Nos recomendarías?", emoji: "📣", required: true, minLabel: "Nada", maxLabel: "Mucho" } as const satisfies Question;
const nps = definitionOf(recomendaria);

describe("nps", () => {
  test("a promoter condition (at least 9) holds for 9 and 10 only", () => {
    const promoter = { question: "recomendaria", atLeast: 9 };
    expect([0, 8, 9, 10].map((point) => conditionHolds(promoter, () => [point]))).toEqual([false, false, true, true]);
  });

  test("0 is an answer: recalled as 0, stored as 0", () => {
    expect(answerText(recomendaria, [0])).toBe("0");
    expect(nps.rowValue(recomendaria, [0])).toBe(0);
    expect(nps.rowValue(recomendaria, [])).toBeNull();
  });

  test("a draft keeps 0..10 only", () => {
    expect(nps.fitDraft(recomendaria, [10])).toEqual([10]);
    expect(nps.fitDraft(recomendaria, [11])).toBeUndefined();
  });
});
