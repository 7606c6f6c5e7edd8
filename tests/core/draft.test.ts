import { describe, expect, test } from "vitest";
import { DRAFT_MAX_AGE_MS, draftKey, hasProgress, isDraftKey, isExpired, parseDraft, serializeDraft } from "../../src/core/draft.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const config = tinySurvey({
  questions: [
    { id: "nome", type: "text", title: "Nome", emoji: "👋", required: true },
    { id: "cor", type: "radio", title: "Cor", emoji: "🎨", required: true, options: ["Azul", "Verde"] },
  ] as Question[],
});
const ID = "0b5f0c0e-8a4e-4c1a-9d7e-2f1e3c4b5a69";
const NOW = Date.UTC(2026, 10, 23);
const state = { index: 1, answers: { nome: "Ana", cor: "" }, responseId: ID };

describe("serializeDraft / parseDraft", () => {
  test("a saved draft reads back with the question reached, the answers, the types, the response id and the time", () => {
    expect(parseDraft(serializeDraft(config, state, NOW), NOW + 1000)).toEqual({
      questionId: "cor",
      index: 1,
      answers: { nome: "Ana", cor: "" },
      types: { nome: "text", cor: "radio" },
      responseId: ID,
      savedAt: NOW,
      extra: {},
    });
  });

  test("extra state (hidden URL fields) travels with the draft, strings only", () => {
    const text = serializeDraft(config, { ...state, extra: { utm_source: "instagram" } }, NOW);
    expect(parseDraft(text, NOW)?.extra).toEqual({ utm_source: "instagram" });
    const tampered = JSON.stringify({ ...JSON.parse(text), extra: { utm_source: "ig", bad: 3 } });
    expect(parseDraft(tampered, NOW)?.extra).toEqual({ utm_source: "ig" });
  });

  test.each([
    ["nothing stored", null],
    ["an empty string", ""],
    ["not JSON", "{answers"],
    ["JSON that is not an object", "[1,2]"],
    ["another format version", JSON.stringify({ ...JSON.parse(serializeDraft(config, state, NOW)), version: 99 })],
    ["no answers", JSON.stringify({ ...JSON.parse(serializeDraft(config, state, NOW)), answers: null })],
    ["a response id that is not a UUID", JSON.stringify({ ...JSON.parse(serializeDraft(config, state, NOW)), responseId: "1; drop table" })],
    ["a fractional index", JSON.stringify({ ...JSON.parse(serializeDraft(config, state, NOW)), index: 0.5 })],
  ])("%s reads as no draft, without throwing", (_, text) => {
    expect(parseDraft(text, NOW)).toBeUndefined();
  });

  test("a draft older than 30 days reads as no draft; one a moment younger still reads", () => {
    const text = serializeDraft(config, state, NOW);
    expect(parseDraft(text, NOW + DRAFT_MAX_AGE_MS)).toBeDefined();
    expect(parseDraft(text, NOW + DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    expect(DRAFT_MAX_AGE_MS).toBe(30 * 24 * 3600 * 1000);
  });
});

describe("isExpired", () => {
  test("a time in the future (the clock was put back) is not expired", () => {
    expect(isExpired(NOW + 5000, NOW)).toBe(false);
  });
});

describe("draftKey", () => {
  test("one key per survey, recognisable among other storage keys", () => {
    expect(draftKey({ id: "foreign-form" })).not.toBe(draftKey({ id: "medical-form" }));
    expect(isDraftKey(draftKey({ id: "foreign-form" }))).toBe(true);
    expect(isDraftKey("sb-127-auth-token")).toBe(false);
  });
});

describe("hasProgress", () => {
  test("nothing answered on question 1 is not worth keeping; an answer or a later question is", () => {
    expect(hasProgress(config, { index: 0, answers: { nome: "", cor: "" } })).toBe(false);
    expect(hasProgress(config, { index: 0, answers: { nome: "A", cor: "" } })).toBe(true);
    expect(hasProgress(config, { index: 1, answers: { nome: "", cor: "" } })).toBe(true);
  });
});
