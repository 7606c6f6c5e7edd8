import { describe, expect, test } from "vitest";
import { answerText } from "../../../src/core/interpolate.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { ranking } from "../../../src/question-types/ranking/definition.ts";

const question = { id: "orden", type: "ranking", title: "Ordena", emoji: "🏆", required: true, top: 2, options: ["A", "B", { value: "C", label: "Ce" }] } satisfies Question;

describe("the ranking definition", () => {
  test.each<[string, unknown, unknown]>([
    ["a complete ranking is kept", ["C", "A"], ["C", "A"]],
    ["no ranking yet is kept", [], []],
    ["a duplicate is dropped", ["A", "A"], undefined],
    ["an option since removed is dropped", ["D", "A"], undefined],
    ["a ranking of a different length is dropped", ["A", "B", "C"], undefined],
    ["a text is dropped", "A", undefined],
  ])("a draft: %s", (_what, value, kept) => {
    expect(ranking.fitDraft(question, value)).toEqual(kept);
  });

  test("stores a complete ranking in rank order, and nothing (null) for an incomplete one", () => {
    expect(ranking.rowValue(question, ["B", "C"])).toEqual(["B", "C"]);
    expect(ranking.rowValue(question, [])).toBeNull();
  });

  test("recalled with {answer:id}, it reads as the labels in rank order", () => {
    expect(answerText(question, ["C", "A"])).toBe("Ce, A");
  });
});
