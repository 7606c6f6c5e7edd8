import { describe, expect, test } from "vitest";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { PRESETS } from "../../src/i18n/presets.ts";
import { definitionOf, questionTypes, toolsOfType } from "../../src/question-types/registry.ts";

const survey = (parts: Partial<SurveyConfig> = {}): SurveyConfig => ({
  id: "tiny",
  route: "/tiny",
  table: "tiny",
  language: "es",
  pageTitle: "Encuesta de {professionalName}",
  professionalName: "Dra. Ana",
  questions: [
    { id: "conoce", type: "radio", title: "¿Conocías a {professionalName}?", emoji: "🤝", required: true, options: ["Sí, a {professionalName}", "Otro"], other: { option: "Otro", id: "conoceOtro" } },
    { id: "nombre", type: "text", title: "Nombre", emoji: "👋", required: true },
    { id: "pais", type: "select", title: "País", emoji: "🌎", required: true, options: ["A", "B"], placeholder: "Elige" },
    { id: "nivel", type: "slider", title: "Nivel", emoji: "📊", required: true, min: 1, max: 10, default: 5, minLabel: "1", maxLabel: "10" },
  ],
  ...parts,
});

/** The messages only types the tiny survey does not ask use (checkbox, email, phone, date, ranking, matrix). */
const UNASKED_TYPES_MESSAGES = ["checkboxRequired", "emailInvalid", "phoneInvalid", "dateOutOfRange", "dateBetween", "dateFrom", "dateUntil", "dateToday", "rankingRequired", "rankingMoveUp", "rankingMoveDown", "rankingKeepOrder", "matrixRequired"];
/** The messages of one response per person and the bot check, which the tiny survey does not ask for. */
const ONCE_MESSAGES = ["onceAnsweredTitle", "onceAnsweredDescription", "onceLinkNeeded", "onceFieldTaken", "botCheckFailed"];
/** And the language switch's name, which only a survey in several languages carries. */
const presetMessages = (language: keyof typeof PRESETS) =>
  Object.fromEntries(Object.entries(PRESETS[language].messages).filter(([key]) => !UNASKED_TYPES_MESSAGES.includes(key) && !ONCE_MESSAGES.includes(key) && key !== "languageSwitch"));

describe("resolveSurvey", () => {
  test.each(["es", "pt-BR", "en"] as const)("a %s survey without a messages block gets every message of its preset its questions may show", (language) => {
    expect(resolveSurvey(survey({ language })).messages).toEqual(presetMessages(language));
  });

  test("only a survey in several languages carries the language switch's name, with its page in each language named in itself", () => {
    const resolved = resolveSurvey(survey({ languages: ["es", "pt-BR", "en"] }));
    expect(resolved.messages.languageSwitch).toBe("Idioma");
    expect(resolved.languagePages).toEqual([
      { language: "es", name: "Español", path: resolved.route },
      { language: "pt-BR", name: "Português", path: `${resolved.route}/pt-BR` },
      { language: "en", name: "English", path: `${resolved.route}/en` },
    ]);
    expect(resolveSurvey(survey())).not.toHaveProperty("languagePages");
  });

  test("an override wins; every other message still comes from the preset", () => {
    const { messages } = resolveSurvey(survey({ messages: { next: "Próximo" } }));
    expect(messages).toEqual({ ...presetMessages("es"), next: "Próximo" });
  });

  test("a file that words dateOutOfRange but no range message keeps its sentence for a date outside the limits", () => {
    const date = { id: "d", type: "date", title: "Q", min: "2025-01-01" } as unknown as SurveyConfig["questions"][number];
    const own = resolveSurvey(survey({ questions: [date], messages: { dateOutOfRange: "Fuera de rango." } })).messages;
    expect([own.dateBetween, own.dateFrom, own.dateUntil]).toEqual(["Fuera de rango.", "Fuera de rango.", "Fuera de rango."]);
    const worded = resolveSurvey(survey({ questions: [date], messages: { dateOutOfRange: "Fuera de rango.", dateFrom: "Desde {min}." } })).messages;
    expect([worded.dateBetween, worded.dateFrom]).toEqual([PRESETS.es.messages.dateBetween, "Desde {min}."]);
  });

  test("a survey carries no message that only the types it does not ask use, even one it overrides", () => {
    const { messages } = resolveSurvey(survey({ messages: { emailInvalid: "Correo inválido" } }));
    for (const key of UNASKED_TYPES_MESSAGES) expect(messages, key).not.toHaveProperty(key);
    // A type that shares a message with another keeps it: slider's, which rating and nps also use.
    expect(messages.sliderRequired).toBe(PRESETS.es.messages.sliderRequired);
  });

  test.each(questionTypes())("a survey that asks a %s question carries the messages that type lists and the one its required answer shows", (type) => {
    const question = { ...toolsOfType(type).editor.starter, id: "q", type, title: "Q", required: true } as unknown as SurveyConfig["questions"][number];
    const { messages } = resolveSurvey(survey({ questions: [question] }));
    for (const key of [...(toolsOfType(type).messages ?? []), definitionOf(question).requiredMessage]) expect(messages[key], key).toBe(PRESETS.es.messages[key]);
  });

  test.each([
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["es-AR", "es"],
    ["en-GB", "en"],
    ["fr", "en"],
    ["de-AT", "en"],
  ] as const)("language %s falls back to the %s preset (its base language, else English)", (language, preset) => {
    expect(resolveSurvey(survey({ language })).messages).toEqual(presetMessages(preset));
  });

  test("questions without a placeholder get the preset's; their own placeholder wins", () => {
    const [conoce, nombre, pais] = resolveSurvey(survey({ language: "en" })).questions;
    expect(nombre).toMatchObject({ placeholder: PRESETS.en.messages.answerPlaceholder });
    expect(pais).toMatchObject({ placeholder: "Elige" });
    expect(conoce).toMatchObject({ other: { placeholder: PRESETS.en.messages.otherPlaceholder } });
  });

  test("the thank-you page defaults to the survey's language, its own path, and a button back to the survey", () => {
    expect(resolveSurvey(survey()).thankYou).toEqual({
      ...PRESETS.es.thankYou,
      path: "/tiny/thank-you",
      delayMs: 1500,
      language: "es",
      emoji: "🎉",
      links: [],
      buttonTo: "/tiny",
    });
    expect(resolveSurvey(survey({ route: "/" })).thankYou.path).toBe("/thank-you");
  });

  test("a thank-you page in another language overriding only its heading keeps that language's other texts", () => {
    const { thankYou } = resolveSurvey(survey({ thankYou: { language: "pt-BR", heading: "Valeu!" } }));
    expect(thankYou).toMatchObject({ ...PRESETS["pt-BR"].thankYou, heading: "Valeu!", language: "pt-BR" });
  });

  test("the 404 page takes its language's preset and leads to the survey's route", () => {
    expect(resolveSurvey(survey({ route: "/", notFound: { language: "en" } })).notFound).toEqual({ ...PRESETS.en.notFound, language: "en", buttonTo: "/" });
  });

  test("fills the professional's name into titles, options, the page title and overridden texts", () => {
    const resolved = resolveSurvey(survey({ thankYou: { tip: "Sigue a {professionalName}" } }));
    expect(resolved.pageTitle).toBe("Encuesta de Dra. Ana");
    expect(resolved.questions[0]).toMatchObject({ title: "¿Conocías a Dra. Ana?", options: ["Sí, a Dra. Ana", "Otro"] });
    expect(resolved.thankYou.tip).toBe("Sigue a Dra. Ana");
  });

  test("leaves the progress placeholders for the moment they are known", () => {
    expect(resolveSurvey(survey()).messages).toMatchObject({ progress: "{current} de {total}", percentComplete: "{percent}% completo" });
  });

  test("keeps numbers as they are and does not change the config it was given", () => {
    const config = survey();
    const resolved = resolveSurvey(config);
    expect(resolved.questions[3]).toEqual(config.questions[3]);
    expect(config.questions[0]!.title).toBe("¿Conocías a {professionalName}?");
    expect(config.messages).toBeUndefined();
  });
});
