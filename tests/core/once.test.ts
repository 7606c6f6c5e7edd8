import { describe, expect, test } from "vitest";
import { ONCE_ERROR_CODES, onceMessagesUnused, onceRefusalOf } from "../../src/core/once.ts";
import { sentAnswers } from "../../src/once/sent-answers.ts";
import { onceErrors } from "../../scripts/lib/once-checks.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const text = (id: string, required = true) => ({ id, type: "text" as const, title: `¿${id}?`, emoji: "💬", required });

describe("onceRefusalOf", () => {
  test.each([
    [{ oncePer: "browser" as const }, ONCE_ERROR_CODES.taken, "answered"],
    [{ oncePer: "link" as const }, ONCE_ERROR_CODES.taken, "answered"],
    [{ oncePer: "field" as const }, ONCE_ERROR_CODES.taken, "fieldTaken"],
    [{ oncePer: "link" as const }, ONCE_ERROR_CODES.linkInvalid, "linkInvalid"],
    [{}, ONCE_ERROR_CODES.botCheckFailed, "botCheckFailed"],
    [{ oncePer: "browser" as const }, "23505", undefined],
    [{ oncePer: "browser" as const }, "23514", undefined],
  ])("%o with %s reads as %s", (config, code, refusal) => {
    expect(onceRefusalOf(config, { code })).toBe(refusal);
  });
});

describe("the messages a page carries", () => {
  test("a survey without the features carries none of their messages", () => {
    const plain = tinySurvey({ questions: [text("nombre")] });
    expect(Object.keys(plain.messages).filter((key) => key.startsWith("once") || key === "botCheckFailed")).toEqual([]);
  });
  test("each policy carries its own; the bot check its one", () => {
    expect(onceMessagesUnused({ oncePer: "link", botCheck: true })).toEqual(["onceFieldTaken"]);
    expect(tinySurvey({ questions: [text("nombre")], oncePer: "browser" }).messages.onceAnsweredTitle).toBe("Ya respondiste esta encuesta");
  });
});

describe("sentAnswers", () => {
  test("lists each answered question's title with its answer as text, in order, without empty ones", () => {
    const config = tinySurvey({ questions: [text("nombre"), text("ciudad", false), { id: "redes", type: "checkbox", title: "¿Redes?", emoji: "📱", required: true, options: ["Instagram", "TikTok"] }] });
    expect(sentAnswers(config, { nombre: " Ana ", ciudad: "", redes: ["Instagram", "TikTok"] })).toEqual([
      { title: "¿nombre?", text: "Ana" },
      { title: "¿Redes?", text: "Instagram, TikTok" },
    ]);
  });

  test("shows the labels the respondent chose, not the values stored for them", () => {
    const config = tinySurvey({ questions: [{ id: "region", type: "radio", title: "¿Región?", emoji: "🗺️", required: true, options: [{ value: "r3", label: "Sudeste" }, { value: "r4", label: "Sul" }] }, { id: "cargo", type: "checkbox", title: "¿Cargo?", emoji: "🩺", required: true, options: [{ value: "ps", label: "Plantonista" }, { value: "dir", label: "Diretor" }] }] });
    expect(sentAnswers(config, { region: "r3", cargo: ["ps", "dir"] })).toEqual([
      { title: "¿Región?", text: "Sudeste" },
      { title: "¿Cargo?", text: "Plantonista, Diretor" },
    ]);
  });
});

describe("onceErrors", () => {
  const config = (settings: object, questions = [text("correo"), text("nota", false)]) => ({ id: "x", route: "/x", table: "x", language: "es", pageTitle: "x", professionalName: "x", questions, ...settings }) as never;
  test.each([
    [{ oncePer: "field" }, "/oncePer", "needs oncePerQuestion"],
    [{ oncePer: "field", oncePerQuestion: "correoo" }, "/oncePerQuestion", "is not the id of a question"],
    [{ oncePer: "field", oncePerQuestion: "nota" }, "/oncePerQuestion", "must be required"],
    [{ oncePer: "browser", oncePerQuestion: "correo" }, "/oncePerQuestion", "only with oncePer \"field\""],
  ])("%o is refused at %s", (settings, pointer, words) => {
    expect(onceErrors(config(settings))).toEqual([{ pointer, message: expect.stringContaining(words) }]);
  });
  test("a checkbox question cannot be the field", () => {
    expect(onceErrors(config({ oncePer: "field", oncePerQuestion: "redes" }, [{ id: "redes", type: "checkbox", title: "¿?", emoji: "📱", required: true, options: ["a", "b"] } as never]))[0]!.message).toContain("text or email");
  });
  test("a required text question is fine", () => {
    expect(onceErrors(config({ oncePer: "field", oncePerQuestion: "correo" }))).toEqual([]);
  });
});
