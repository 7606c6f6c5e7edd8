import { describe, expect, test } from "vitest";
import { conditionHolds } from "../../../src/core/conditions.ts";
import { answerText } from "../../../src/core/interpolate.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { definitionOf } from "../../../src/question-types/registry.ts";

const nota = { id: "nota", type: "rating", title: "¿Qué tan útil?", emoji: "⭐", required: true, points: 4 } as const satisfies Question;
const rating = definitionOf(nota);

describe("rating", () => {
  test.each([
    [{ question: "nota", equals: 3 }, [3], true],
    [{ question: "nota", atLeast: 3 }, [2], false],
    [{ question: "nota", atMost: 3 }, [2], true],
    [{ question: "nota", atLeast: 1 }, [], false],
  ])("%j holds for %j: %s", (condition, value, holds) => {
    expect(conditionHolds(condition, () => value)).toBe(holds);
  });

  test("is recalled as its point's number", () => {
    expect(answerText(nota, [3])).toBe("3");
  });

  test("a draft keeps a point on today's scale and drops one off it", () => {
    expect(rating.fitDraft(nota, [4])).toEqual([4]);
    expect(rating.fitDraft(nota, [5])).toBeUndefined();
    expect(rating.fitDraft(nota, ["4"])).toBeUndefined();
  });

  test("is stored as its number, unanswered as null", () => {
    expect(rating.rowValue(nota, [2])).toBe(2);
    expect(rating.rowValue(nota, [])).toBeNull();
  });
});
