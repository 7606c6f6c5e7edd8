import { describe, expect, test } from "vitest";
import { hiddenOptions, QUOTA_ERROR_CODE, quotaOption, screenOutPath, withoutFullOptions } from "../../src/core/quotas.ts";
import type { Question, Quota } from "../../src/generated/survey-config.ts";
import { screenOutOf } from "../../src/quotas/screen-out.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const SCREEN_OUT = { heading: "¡Gracias!", text: "Esta vez tus respuestas no se guardaron." };
const COLOMBIA: Quota = { id: "colombia", when: { question: "pais", equals: "Colombia" }, max: 200, hideOption: true, screenOut: SCREEN_OUT };
const CARDIO: Quota = { id: "cardio", when: { all: [{ question: "idade", lessThan: 30 }, { question: "pais", equals: "Perú" }] }, max: 50, screenOut: SCREEN_OUT };
const PAIS: Question = { id: "pais", type: "radio", title: "¿País?", emoji: "🌎", required: true, options: ["Colombia", { value: "Perú", label: "Perú 🇵🇪" }, "Bolivia"] };
const IDADE: Question = { id: "idade", type: "number", title: "¿Edad?", emoji: "🎂", required: true };

describe("quotaOption", () => {
  test.each([
    ["one equals test names its option", COLOMBIA.when, { question: "pais", option: "Colombia" }],
    ["a combination names none", CARDIO.when, undefined],
    ["a number names none", { question: "idade", equals: 30 }, undefined],
    ["another test names none", { question: "pais", notEquals: "Colombia" }, undefined],
  ])("%s", (_, when, named) => {
    expect(quotaOption(when)).toEqual(named);
  });
});

describe("withoutFullOptions", () => {
  test("a full quota with hideOption takes its option away; the others and other questions stay as they are", () => {
    const config = { quotas: [COLOMBIA, CARDIO] };
    const [pais, idade] = withoutFullOptions(config, [PAIS, IDADE], new Set(["colombia", "cardio"]));
    expect(pais).toMatchObject({ options: [{ value: "Perú", label: "Perú 🇵🇪" }, "Bolivia"] });
    expect(idade).toBe(IDADE);
  });

  test("nothing is taken away while the quota has places, nor for a quota without hideOption", () => {
    expect(hiddenOptions({ quotas: [COLOMBIA] }, "pais", new Set())).toEqual(new Set());
    expect(hiddenOptions({ quotas: [{ ...COLOMBIA, hideOption: false }] }, "pais", new Set(["colombia"]))).toEqual(new Set());
    expect(withoutFullOptions({ quotas: [COLOMBIA] }, [PAIS], new Set())[0]).toBe(PAIS);
  });
});

describe("screenOutOf", () => {
  const config = tinySurvey({ questions: [PAIS, IDADE], quotas: [COLOMBIA, { ...CARDIO, screenOut: { ...SCREEN_OUT, heading: "Ya está" } }] });

  test("the quota the database names leads to its own page, worded by the quota over the survey's thank-you page", () => {
    const page = screenOutOf(config, { cause: { code: QUOTA_ERROR_CODE, details: "cardio" } })!;
    expect(page).toMatchObject({ heading: "Ya está", text: SCREEN_OUT.text, path: "/tiny/thank-you/cardio" });
    expect(screenOutPath(COLOMBIA, "/tiny/thank-you/")).toBe("/tiny/thank-you/colombia");
  });

  test("any other refusal is not a screen-out", () => {
    expect(screenOutOf(config, { cause: { code: "SV003" } })).toBeUndefined();
    expect(screenOutOf(config, new Error("offline"))).toBeUndefined();
  });
});
