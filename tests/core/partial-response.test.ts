import { describe, expect, test } from "vitest";
import { addQuestionMs, clampQuestionMs, MAX_QUESTION_MS, newSecret, resumeKeyOf, resumeLink } from "../../src/core/partial-response.ts";
import { resumeFromRow } from "../../src/core/partial-resume.ts";
import { toRow } from "../../src/core/to-row.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

describe("clampQuestionMs", () => {
  test.each([
    [-5, 0],
    [Number.NaN, 0],
    [Number.NEGATIVE_INFINITY, 0],
    [Number.POSITIVE_INFINITY, MAX_QUESTION_MS],
    [1e15, MAX_QUESTION_MS],
    [1234.6, 1235],
    [0, 0],
  ])("%s ms is stored as %s", (ms, stored) => expect(clampQuestionMs(ms)).toBe(stored));

  test("times add up per question, the sum clamped too", () => {
    const once = addQuestionMs({}, "nome", 1000);
    expect(addQuestionMs(once, "nome", -400)).toEqual({ nome: 1000 });
    expect(addQuestionMs(once, "nome", MAX_QUESTION_MS)).toEqual({ nome: MAX_QUESTION_MS });
  });
});

describe("the continue-later link", () => {
  const key = { responseId: "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0001", secret: newSecret() };

  test("carries the key in the fragment (never sent to a server) and reads it back", () => {
    const link = resumeLink("https://example.org/parcial?utm_source=x", key);
    expect(new URL(link).search).toBe("?utm_source=x");
    expect(resumeKeyOf(new URL(link).hash)).toEqual(key);
  });

  test.each(["", "#continuar=", "#continuar=nope.secret", `#continuar=${key.responseId}.short`, `#continuar=${key.responseId}.${key.secret}.extra`])("%s carries no key", (hash) => {
    expect(resumeKeyOf(hash)).toBeUndefined();
  });

  test("a secret is 32 random bytes, base64url", () => {
    expect(newSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(newSecret());
  });
});

describe("resumeFromRow", () => {
  const config = tinySurvey({
    questions: [
      { id: "nome", type: "text", title: "¿Nombre?", emoji: "💬", required: true },
      { id: "cor", type: "radio", title: "¿Color?", emoji: "🎨", required: true, options: ["Rojo", "Azul"] },
      { id: "nota", type: "slider", title: "¿Nota?", emoji: "⭐", required: true, min: 0, max: 10, step: 1, default: 5, minLabel: "0", maxLabel: "10" },
      { id: "fim", type: "text", title: "¿Algo más?", emoji: "📝", required: false },
    ],
  });

  test("the row's answers go back into the form's shapes, landing on the step reached", () => {
    const answers = { nome: "Ana", cor: "Azul", nota: [7], fim: "" };
    const row = { ...toRow(config, answers, "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0001"), last_step: "fim", question_ms: { nome: 1000, cor: 2000, nota: 3000, x: "no" } };
    const { restored, times } = resumeFromRow(config, row);
    expect(restored).toEqual({ index: 3, answers: expect.objectContaining(answers) });
    expect(times).toEqual({ nome: 1000, cor: 2000, nota: 3000 });
  });

  test("the row's visit id comes back, so the page continues that visit (one start in the drop-off figures); a malformed one does not", () => {
    const visitId = "0d6c4c8a-1f1e-4b7a-9f65-2a4c1e9b7d31";
    expect(resumeFromRow(config, { id: "x", nome: "Ana", visit_id: visitId, last_step: "cor" }).restored?.answers).toMatchObject({ visitId });
    expect(resumeFromRow(config, { id: "x", nome: "Ana", visit_id: "not-a-visit", last_step: "cor" }).restored?.answers).not.toHaveProperty("visitId");
  });

  test("a value that no longer fits is dropped, and the respondent lands on the first required question left empty", () => {
    const { restored } = resumeFromRow(config, { id: "x", nome: "Ana", cor: "Verde", nota: 7, last_step: "fim" });
    expect(restored).toEqual({ index: 1, answers: expect.objectContaining({ nome: "Ana", cor: "" }) });
  });
});
