import { describe, expect, test } from "vitest";
import { readableText } from "../../src/core/readable-text.ts";
import { funnelOf } from "../../src/report/numbers.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

describe("readableText", () => {
  test.each([
    ["Hola {answer:nombre|colega}, ¿en qué etapa estás?", "Hola colega, ¿en qué etapa estás?"],
    ["¿Por qué elegiste {answer:pais}?", "¿Por qué elegiste [pais]?"],
    ["{answer:nombre|} y {answer:pais|tu país}", "[nombre] y tu país"],
    ["Sin recuerdo {professionalName}", "Sin recuerdo {professionalName}"],
  ])("%s reads %s", (text, read) => {
    expect(readableText(text)).toBe(read);
  });
});

describe("the report's numbers", () => {
  test("head a question that recalls an answer with its readable title, not the raw syntax", () => {
    const survey = tinySurvey({ questions: [
      { id: "nombre", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: true },
      { id: "etapa", type: "radio", title: "Hola {answer:nombre|colega}, ¿en qué etapa estás?", emoji: "🩺", required: true, options: ["A", "B"] },
    ] });
    expect(funnelOf(survey, 2, new Map(), 1).map((step) => step.label)).toEqual([null, "1. ¿Cómo te llamas?", "2. Hola colega, ¿en qué etapa estás?", null]);
  });
});
