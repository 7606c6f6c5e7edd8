import { describe, expect, test } from "vitest";
import { resolveTexts } from "../../src/core/resolve-texts.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const config = {
  id: "tiny",
  route: "/tiny",
  table: "tiny",
  language: "es",
  pageTitle: "Encuesta de {professionalName}",
  professionalName: "Dra. Ana",
  messages: { progress: "{current} de {total}", percentComplete: "{percent}% completo" },
  redirect: { path: "/thank-you", delayMs: 1500 },
  questions: [
    { id: "conoce", type: "radio", title: "¿Conocías a {professionalName}?", emoji: "🤝", required: true, options: ["Sí, a {professionalName}", "No"] },
    { id: "nivel", type: "slider", title: "Nivel", emoji: "📊", required: true, min: 1, max: 10, default: 5, minLabel: "1", maxLabel: "10" },
  ],
} as unknown as SurveyConfig;

describe("resolveTexts", () => {
  const resolved = resolveTexts(config);

  test("fills the professional's name into titles, options and the page title", () => {
    expect(resolved.pageTitle).toBe("Encuesta de Dra. Ana");
    expect(resolved.questions[0]).toMatchObject({ title: "¿Conocías a Dra. Ana?", options: ["Sí, a Dra. Ana", "No"] });
  });

  test("leaves the progress placeholders for the moment they are known", () => {
    expect(resolved.messages).toMatchObject({ progress: "{current} de {total}", percentComplete: "{percent}% completo" });
  });

  test("keeps numbers and booleans as they are", () => {
    expect(resolved.questions[1]).toEqual(config.questions[1]);
    expect(resolved.redirect.delayMs).toBe(1500);
  });

  test("does not change the config it was given", () => {
    expect(config.questions[0]!.title).toBe("¿Conocías a {professionalName}?");
  });
});
