import { describe, expect, test } from "vitest";
import { sliderValueLabel } from "../../../src/question-types/slider/value-label.ts";
import { surveyForRoute } from "../../support/surveys.ts";

// The older variant's ranges, as the spec lists them.
const olderLabels = [
  { from: 0, to: 0, label: "Não me influencia nada" },
  { from: 1, to: 3, label: "Influencia muito pouco" },
  { from: 4, to: 6, label: "Influencia moderadamente" },
  { from: 7, to: 9, label: "Influencia bastante" },
  { from: 10, to: 10, label: "Influencia totalmente" },
];

describe("sliderValueLabel", () => {
  test.each([
    [0, "Não me influencia nada"],
    [1, "Influencia muito pouco"],
    [3, "Influencia muito pouco"],
    [4, "Influencia moderadamente"],
    [5, "Influencia moderadamente"],
    [6, "Influencia moderadamente"],
    [7, "Influencia bastante"],
    [9, "Influencia bastante"],
    [10, "Influencia totalmente"],
  ])("%i reads %j", (value, label) => {
    expect(sliderValueLabel(value, olderLabels)).toBe(label);
  });

  test("a value outside every range has no label", () => {
    expect(sliderValueLabel(11, olderLabels)).toBeUndefined();
  });

  test("a slider without ranges has no label", () => {
    expect(sliderValueLabel(5)).toBeUndefined();
  });

  test("the first matching range wins when ranges overlap", () => {
    expect(sliderValueLabel(3, [{ from: 1, to: 5, label: "low" }, { from: 3, to: 9, label: "mid" }])).toBe("low");
  });

  test("the older survey file configures exactly the spec's ranges", () => {
    const slider = surveyForRoute("/")!.questions.find((question) => question.type === "slider");
    expect(slider).toMatchObject({ min: 0, max: 10, default: 5, valueLabels: olderLabels });
  });
});
