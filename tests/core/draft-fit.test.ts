import { describe, expect, test } from "vitest";
import type { Draft } from "../../src/core/draft.ts";
import { carriedOver, fitDraft } from "../../src/core/draft-fit.ts";
import type { Messages, Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const messages: Messages = { required: "Obligatorio", checkboxRequired: "Marca una", sliderRequired: "Elige" };
const questions = [
  { id: "nome", type: "text", title: "Nome", emoji: "👋", required: true, maxLength: 20 },
  { id: "genero", type: "radio", title: "Género", emoji: "🧑", required: true, options: ["Mujer", "Hombre", "Otro"], other: { option: "Otro", id: "generoOutro" } },
  { id: "redes", type: "checkbox", title: "Redes", emoji: "📱", required: true, options: ["Instagram", { value: "X (Twitter)", label: "X" }, "TikTok"], extraText: { id: "redesOutras" } },
  { id: "influencia", type: "slider", title: "Influencia", emoji: "📊", required: true, min: 0, max: 10, step: 2, default: 4, minLabel: "0", maxLabel: "10" },
  { id: "sueno", type: "textarea", title: "Sueño", emoji: "💭", required: false },
] as Question[];
const config = tinySurvey({ messages, questions });
const types = { nome: "text", genero: "radio", redes: "checkbox", influencia: "slider", sueno: "textarea" } as const;
const EMPTY = { nome: "", genero: "", generoOutro: "", redes: [], redesOutras: "", influencia: [4], sueno: "" };

const draft = (parts: Partial<Draft>): Draft => ({
  questionId: "sueno",
  index: 4,
  answers: {},
  types,
  responseId: "0b5f0c0e-8a4e-4c1a-9d7e-2f1e3c4b5a69",
  savedAt: 0,
  extra: {},
  ...parts,
});

const full = { nome: "Ana", genero: "Otro", generoOutro: "Queer", redes: ["TikTok", "X (Twitter)"], redesOutras: "Threads", influencia: [8], sueno: "Cirujana" };

describe("fitDraft", () => {
  test("a draft of today's survey comes back whole, on the question reached", () => {
    expect(fitDraft(config, draft({ answers: full }))).toEqual({ index: 4, answers: full });
  });

  test("answers of questions that no longer exist are dropped", () => {
    const restored = fitDraft(config, draft({ answers: { ...full, cidade: "Cuba" }, types: { ...types, cidade: "select" } }));
    expect(restored?.answers).toEqual(full);
  });

  test("a renamed option is dropped, and the respondent lands on that question, now unanswered", () => {
    const restored = fitDraft(config, draft({ answers: { ...full, genero: "Femenino" } }));
    expect(restored).toEqual({ index: 1, answers: { ...full, genero: "" } });
  });

  test("checkbox answers keep only the options that still exist, in the order ticked", () => {
    expect(fitDraft(config, draft({ answers: { ...full, redes: ["Facebook", "TikTok", "Instagram"] } }))?.answers.redes).toEqual(["TikTok", "Instagram"]);
  });

  test("an answer to a question whose type changed is dropped (its companion text too)", () => {
    const restored = fitDraft(config, draft({ answers: full, types: { ...types, genero: "select" } }));
    expect(restored?.answers).toMatchObject({ genero: "", generoOutro: "" });
    expect(restored?.index).toBe(1);
  });

  test.each([
    ["a slider value above the range", { influencia: [12] }, "influencia", [4]],
    ["a slider value off the step", { influencia: [5] }, "influencia", [4]],
    ["a slider value that is not a number", { influencia: ["8"] }, "influencia", [4]],
    ["a text longer than the question allows today", { nome: "x".repeat(21) }, "nome", ""],
    ["a number where a text belongs", { sueno: 42 }, "sueno", ""],
    ["a text where a list belongs", { redes: "TikTok" }, "redes", []],
    ["an object where an option belongs", { genero: { value: "Mujer" } }, "genero", ""],
  ])("%s is dropped without an error", (_, changed, field, empty) => {
    const restored = fitDraft(config, draft({ answers: { ...full, ...changed } }));
    expect(restored?.answers[field]).toEqual(empty);
  });

  test("the question reached is found by id when questions were added or removed before it", () => {
    const fewer = tinySurvey({ messages, questions: questions.filter((question) => question.id !== "genero") });
    expect(fitDraft(fewer, draft({ answers: full, questionId: "influencia", index: 3 }))?.index).toBe(2);
  });

  test("when the question reached was removed, its old position (within today's survey) is used", () => {
    expect(fitDraft(config, draft({ answers: full, questionId: "gone", index: 9 }))?.index).toBe(4);
  });

  test("a respondent never lands past a required question left without an answer", () => {
    expect(fitDraft(config, draft({ answers: { ...full, redes: [] }, questionId: "sueno" }))?.index).toBe(2);
  });

  test("nothing that fits and question 1: there is nothing to resume", () => {
    expect(fitDraft(config, draft({ answers: { cidade: "Cuba" }, questionId: "nome", index: 0 }))).toBeUndefined();
    expect(fitDraft(config, draft({ answers: EMPTY, questionId: "nome", index: 0 }))).toBeUndefined();
  });

  test("a name typed on question 1 without moving on is worth resuming", () => {
    expect(fitDraft(config, draft({ answers: { nome: "An" }, questionId: "nome", index: 0 }))).toEqual({ index: 0, answers: { ...EMPTY, nome: "An" } });
  });
});

describe("carriedOver", () => {
  const tracked = tinySurvey({ messages, questions, hiddenFields: ["utm_source", "utm_campaign"] });
  const savedVisit = "6f1c2a4e-9b3d-4e8f-a1c2-3d4e5f6a7b8c";
  const opening = { visitId: "11111111-2222-4333-8444-555555555555", utm_source: "", utm_campaign: "" };

  test("a reload resumes the same visit with the source it was opened from", () => {
    const saved = draft({ answers: { ...full, visitId: savedVisit, utm_source: "instagram", utm_campaign: "live-nov" } });
    expect(carriedOver(tracked, saved, opening)).toEqual({ visitId: savedVisit, utm_source: "instagram", utm_campaign: "live-nov", definitionVersion: "" });
  });

  test("a value in the address it is opened with again wins over the draft's", () => {
    const saved = draft({ answers: { visitId: savedVisit, utm_source: "instagram", utm_campaign: "live-nov" } });
    expect(carriedOver(tracked, saved, { ...opening, utm_source: "whatsapp" })).toEqual({ visitId: savedVisit, utm_source: "whatsapp", utm_campaign: "live-nov", definitionVersion: "" });
  });

  test("what does not fit (not a visit id, a value past the limit, not text) keeps this page's own", () => {
    const saved = draft({ answers: { visitId: "not-an-id", utm_source: "x".repeat(101), utm_campaign: 7 } });
    expect(carriedOver(tracked, saved, opening)).toEqual({ ...opening, definitionVersion: "" });
  });
});
