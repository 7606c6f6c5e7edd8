import { describe, expect, test } from "vitest";
import { emptyAnswers, type Answers } from "../../src/core/answers.ts";
import { answerFields } from "../../src/core/fields.ts";
import { toRow } from "../../src/core/to-row.ts";
import { validateSubmission } from "../../src/core/validation.ts";
import { conditionInputs, nextVisibleIndex, previousVisibleIndex, visibilityOf, visiblePosition } from "../../src/core/visibility.ts";
import { surveyForRoute } from "../support/surveys.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const q = (id: string, extra: Partial<Question> = {}) => ({ id, type: "text", title: id, emoji: "❓", required: true, ...extra }) as Question;

/** 0 vive (radio), 1 ciudad if vive = Sí, 2 barrio if ciudad answered, 3 edad, 4 fin. */
const survey = tinySurvey({
  messages: { required: "Obligatorio.", submitRequired: "Obligatorio." },
  submitRequiredFields: ["ciudad", "edad"],
  questions: [
    q("vive", { type: "radio", options: ["Sí", "No"] } as Partial<Question>),
    q("ciudad", { showIf: { question: "vive", equals: "Sí" } }),
    q("barrio", { required: false, showIf: { question: "ciudad", is: "answered" } }),
    q("edad", { type: "number" }),
    q("fin", { required: false, showIf: { any: [{ question: "vive", equals: "No" }, { question: "edad", atLeast: 18 }] } }),
  ],
});

const answers = (values: Partial<Answers>): Answers => ({ ...emptyAnswers(survey), ...values }) as Answers;

describe("visibilityOf", () => {
  test("a survey without conditions asks every question", () => {
    const config = surveyForRoute("/foreign-form")!;
    expect(visibilityOf(config, emptyAnswers(config)).every(Boolean)).toBe(true);
  });

  test.each<[string, Partial<Answers>, boolean[]]>([
    ["nothing answered", {}, [true, false, false, true, false]],
    ["vive Sí", { vive: "Sí" }, [true, true, false, true, false]],
    ["vive Sí and a ciudad", { vive: "Sí", ciudad: "Lima" }, [true, true, true, true, false]],
    ["vive No hides ciudad and, through it, barrio, though ciudad was typed", { vive: "No", ciudad: "Lima" }, [true, false, false, true, true]],
    ["vive Sí and an adult", { vive: "Sí", ciudad: "Lima", edad: "30" }, [true, true, true, true, true]],
  ])("%s", (_, values, expected) => {
    expect(visibilityOf(survey, answers(values))).toEqual(expected);
  });

  test("a question flips back and forth as the earlier answer changes, and its typed answer comes back", () => {
    const seen = ["Sí", "No", "Sí", "", "Sí", "No"].map((vive) => visibilityOf(survey, answers({ vive, ciudad: "Lima" }))[1]);
    expect(seen).toEqual([true, false, true, false, true, false]);
    const row = (vive: string) => toRow(survey, answers({ vive, ciudad: "Lima" }), "id").ciudad;
    expect(["Sí", "No", "Sí"].map(row)).toEqual(["Lima", null, "Lima"]);
  });
});

describe("positions among the asked questions", () => {
  const visible = [true, false, false, true, true];
  test("next and previous skip hidden questions", () => {
    expect(nextVisibleIndex(visible, 0)).toBe(3);
    expect(previousVisibleIndex(visible, 3)).toBe(0);
    expect(nextVisibleIndex(visible, 4)).toBeUndefined();
    expect(previousVisibleIndex(visible, 0)).toBeUndefined();
  });

  test("'N de Total' counts only asked questions", () => {
    expect(visiblePosition(visible, 3)).toEqual({ position: 1, total: 3 });
    expect(visiblePosition([true, true, true, true, true], 3)).toEqual({ position: 3, total: 5 });
  });

  test("a question shown while its condition hides it (the editor's preview opens at it) counts itself: never past 100%", () => {
    expect(visiblePosition([true, false, true], 1)).toEqual({ position: 1, total: 3 });
    expect(visiblePosition([true, true, false], 2)).toEqual({ position: 2, total: 3 });
  });

  test("the answers that can change what is asked are the ones conditions read", () => {
    expect(conditionInputs(survey)).toEqual(["vive", "ciudad", "edad"]);
  });
});

describe("hidden questions", () => {
  test("are stored as null, an answer typed before hiding included, companions too", () => {
    const config = tinySurvey({
      messages: survey.messages,
      questions: [
        q("vive", { type: "radio", options: ["Sí", "No"] } as Partial<Question>),
        q("redes", { type: "checkbox", options: ["A", "B"], extraText: { id: "redesOtras", placeholder: "Otras" }, showIf: { question: "vive", equals: "Sí" } } as Partial<Question>),
        q("nivel", { type: "slider", min: 0, max: 10, default: 5, minLabel: "0", maxLabel: "10", showIf: { question: "vive", equals: "Sí" } } as Partial<Question>),
      ],
    });
    const typed = { vive: "No", redes: ["A"], redesOtras: "TikTok", nivel: [8] };
    expect(toRow(config, typed, "id")).toMatchObject({ id: "id", vive: "No", redes: null, redes_otras: null, nivel: null });
    expect(toRow(config, { ...typed, vive: "Sí" }, "id")).toMatchObject({ id: "id", vive: "Sí", redes: ["A"], redes_otras: "TikTok", nivel: 8 });
  });

  test("are never required at submit; asked ones still are", () => {
    expect(validateSubmission(survey, answers({ vive: "No", edad: "40" }))).toBeUndefined();
    expect(validateSubmission(survey, answers({ vive: "Sí", edad: "40" }))).toMatchObject({ fieldId: "ciudad", questionIndex: 1 });
  });

  test("make their columns optional and carry their condition to the database", () => {
    const fields = Object.fromEntries(answerFields(survey).map((field) => [field.id, field]));
    expect(fields.vive).toMatchObject({ required: true, requiredWhenShown: true });
    expect(fields.vive!.condition).toBeUndefined();
    expect(fields.ciudad).toMatchObject({ required: false, requiredWhenShown: true, condition: { question: "vive", equals: "Sí" } });
    expect(fields.barrio).toMatchObject({ required: false, requiredWhenShown: false });
  });
});
