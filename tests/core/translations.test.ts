import { describe, expect, test } from "vitest";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { toRow } from "../../src/core/to-row.ts";
import { fingerprintOf, textAt, translateSurvey } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { PRESETS } from "../../src/i18n/presets.ts";

const survey: SurveyConfig = {
  id: "tiny",
  route: "/tiny",
  table: "tiny",
  language: "es",
  languages: ["es", "pt-BR"],
  pageTitle: "Encuesta",
  professionalName: "Dra. Ana",
  thankYou: { language: "es", heading: "¡Gracias!" },
  questions: [
    { id: "etapa", type: "radio", title: "¿Etapa?", emoji: "🩺", required: true, options: ["Estudiando", { value: "Ejerciendo", label: "Ejerciendo la medicina" }] },
  ],
};

const texts = (entries: Record<string, string>) => ({
  texts: Object.fromEntries(Object.entries(entries).map(([pointer, text]) => [pointer, { text, source: fingerprintOf(textAt(survey, pointer)!) }])),
});

describe("translateSurvey", () => {
  const portuguese = translateSurvey(survey, "pt-BR", texts({
    "/pageTitle": "Pesquisa",
    "/thankYou/heading": "Obrigado!",
    "/questions/0/title": "Etapa?",
    "/questions/0/options/0/label": "Estudando",
    "/questions/0/options/1/label": "Exercendo a medicina",
  }));

  test("shows each translated text and keeps every stored value, a plain option becoming value + label", () => {
    expect(portuguese.pageTitle).toBe("Pesquisa");
    expect(portuguese.questions[0]).toMatchObject({ title: "Etapa?", options: [{ value: "Estudiando", label: "Estudando" }, { value: "Ejerciendo", label: "Exercendo a medicina" }] });
  });

  test("the rows of the two languages are the same for the same choices", () => {
    expect(toRow(portuguese, { etapa: "Ejerciendo", visitId: "v" }, "id")).toEqual(toRow(survey, { etapa: "Ejerciendo", visitId: "v" }, "id"));
  });

  test("the texts the file leaves out come from the language's preset, the pages included", () => {
    const resolved = resolveSurvey(portuguese);
    expect(resolved.messages.next).toBe(PRESETS["pt-BR"].messages.next);
    expect(resolved.thankYou).toMatchObject({ language: "pt-BR", heading: "Obrigado!", buttonLabel: PRESETS["pt-BR"].thankYou.buttonLabel });
  });

  test("leaves the source language and the source file untouched", () => {
    expect(translateSurvey(survey, "es", texts({ "/pageTitle": "Pesquisa" }))).toBe(survey);
    expect(survey.pageTitle).toBe("Encuesta");
  });
});

describe("fingerprintOf", () => {
  test("changes when the source text changes, and only then", () => {
    expect(fingerprintOf("¿Cómo te llamas?")).toBe(fingerprintOf("¿Cómo te llamas?"));
    expect(fingerprintOf("¿Cómo te llamas?")).not.toBe(fingerprintOf("¿Cómo se llama?"));
  });
});
