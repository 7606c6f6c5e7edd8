import { describe, expect, test } from "vitest";
import type { Answers } from "../../src/core/answers.ts";
import { validateQuestion, validateSubmission } from "../../src/core/validation.ts";
import { emptyAnswers } from "../../src/core/answers.ts";
import { surveyForRoute } from "../support/surveys.ts";
import type { ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { PRESETS } from "../../src/i18n/presets.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const portuguese = PRESETS["pt-BR"].messages;
const spanish = PRESETS.es.messages;

const question = (type: Question["type"], required = true) =>
  ({ id: "q", type, title: "Q", emoji: "❓", required, options: ["A", "B"], min: 0, max: 10, default: 5, minLabel: "0", maxLabel: "10" }) as Question;

describe("validateQuestion", () => {
  test.each([
    ["text", "", portuguese.required],
    ["text", "   ", portuguese.required],
    ["text", "Ana", undefined],
    ["number", "", portuguese.required],
    ["number", "34", undefined],
    ["textarea", "", portuguese.required],
    ["textarea", "Sueño", undefined],
    ["select", "", portuguese.required],
    ["select", "Cuba", undefined],
    ["radio", "", portuguese.required],
    ["radio", "Sí", undefined],
    ["checkbox", [], portuguese.checkboxRequired],
    ["checkbox", ["Instagram"], undefined],
    ["slider", [], portuguese.sliderRequired],
    ["slider", [0], undefined],
    ["slider", [5], undefined],
  ] as const)("a required %s question answered %j gives %j", (type, value, message) => {
    expect(validateQuestion(question(type), { q: value as Answers[string] }, portuguese)).toBe(message);
  });

  test.each([
    ["text", spanish.required],
    ["checkbox", spanish.checkboxRequired],
    ["slider", spanish.sliderRequired],
  ] as const)("an empty required %s question speaks the survey's own language: %j", (type, message) => {
    const empty = type === "text" ? "" : [];
    expect(validateQuestion(question(type), { q: empty }, spanish)).toBe(message);
  });

  test.each(["text", "number", "textarea", "select", "radio", "checkbox", "slider"] as const)(
    "an optional %s question passes empty",
    (type) => {
      const empty = type === "checkbox" || type === "slider" ? [] : "";
      expect(validateQuestion(question(type, false), { q: empty }, spanish)).toBeUndefined();
    },
  );

  test("a missing answer counts as empty", () => {
    expect(validateQuestion(question("text"), {}, portuguese)).toBe(portuguese.required);
  });

  test.each(["/", "/foreign-form"])("on %s the optional questions are exactly the four free-text ones", (route) => {
    const optional = surveyForRoute(route)!.questions.filter((q) => !q.required).map((q) => q.id);
    expect(optional).toEqual(["outrasFormacoes", "sonhoCarreira", "influenciadores", "visaoFuturo"]);
  });
});

const tiny = tinySurvey({
  messages: spanish,
  submitRequiredFields: ["nombre", "redes", "redesOtras"],
  questions: [
    { id: "nombre", type: "text", title: "Nombre", emoji: "👋", required: false },
    { id: "sueno", type: "textarea", title: "Sueño", emoji: "✨", required: false },
    { id: "redes", type: "checkbox", title: "Redes", emoji: "📱", required: true, options: ["A", "B"], extraText: { id: "redesOtras", placeholder: "Otras" } },
  ],
});

describe("validateSubmission", () => {
  const filled = { nombre: "Ana", sueno: "", redes: ["A"], redesOtras: "TikTok" };

  test("passes when every listed field has a value, unlisted ones may stay empty", () => {
    expect(validateSubmission(tiny, filled)).toBeUndefined();
  });

  test.each([
    ["an empty text", { ...filled, nombre: "" }, "nombre", 0],
    ["a blank text", { ...filled, nombre: "  " }, "nombre", 0],
    ["an empty list", { ...filled, redes: [] }, "redes", 2],
    ["an empty companion text", { ...filled, redesOtras: "" }, "redesOtras", 2],
  ])("fails on %s, naming the field and its question", (_, answers, fieldId, questionIndex) => {
    expect(validateSubmission(tiny, answers)).toEqual({ fieldId, questionIndex, message: spanish.submitRequired });
  });

  test("reports the first missing field in question order", () => {
    expect(validateSubmission(tiny, { ...filled, nombre: "", redes: [] })?.fieldId).toBe("nombre");
  });

  test("a survey without a list checks nothing at submit", () => {
    const { submitRequiredFields: _, ...withoutList } = tiny;
    expect(validateSubmission(withoutList as ResolvedSurvey, {})).toBeUndefined();
  });

  test("the older survey only validates the current question at submit", () => {
    const older = surveyForRoute("/")!;
    expect(validateSubmission(older, emptyAnswers(older))).toBeUndefined();
  });

  test("the foreign survey requires the spec's fields at submit", () => {
    const foreign = surveyForRoute("/foreign-form")!;
    expect([...(foreign.submitRequiredFields ?? [])].sort()).toEqual(
      [
        "nomeCompleto", "idade", "genero", "pais", "paisMedicina", "entradaRMJ", "especializacao", "empreender",
        "conheciaProfissional", "participarTestes", "redesSociais", "motivacao", "tipoConteudo", "conteudoDesejado",
      ].sort(),
    );
    expect(validateSubmission(foreign, emptyAnswers(foreign))).toEqual({ fieldId: "nomeCompleto", questionIndex: 0, message: foreign.messages.submitRequired });
  });

  test("the foreign survey passes at submit with the optional questions and 'other' texts empty", () => {
    const foreign = surveyForRoute("/foreign-form")!;
    const answers = emptyAnswers(foreign);
    for (const id of foreign.submitRequiredFields ?? []) answers[id] = Array.isArray(answers[id]) ? ["x"] : "x";
    expect(validateSubmission(foreign, answers)).toBeUndefined();
  });
});
