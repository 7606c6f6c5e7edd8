import { describe, expect, test } from "vitest";
import { groupedReceiptCode, newReceiptCode, normalReceiptCode, RECEIPT_ALPHABET, RECEIPT_LENGTH, receiptPagePath } from "../../src/core/receipt.ts";
import { storedAnswers } from "../../src/core/stored-answers.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

describe("receipt codes", () => {
  test("a new code is 16 symbols of Crockford's base32, and two codes differ", () => {
    const codes = Array.from({ length: 200 }, newReceiptCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${RECEIPT_ALPHABET}]{${RECEIPT_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
    // 80 bits: 16 symbols of 5 bits each.
    expect(Math.log2(RECEIPT_ALPHABET.length) * RECEIPT_LENGTH).toBe(80);
  });

  test("a code is shown in four groups of four", () => {
    expect(groupedReceiptCode("ABCDEFGHJKMNPQRS")).toBe("ABCD-EFGH-JKMN-PQRS");
  });

  test.each([
    ["ABCD-EFGH-JKMN-PQRS", "ABCDEFGHJKMNPQRS"],
    ["abcd efgh jkmn pqrs", "ABCDEFGHJKMNPQRS"],
    [" o0il-1111-2222-3333 ", "0011111122223333"],
    ["ABCD-EFGH-JKMN-PQR", null],
    ["ABCD-EFGH-JKMN-PQRU", null],
    ["", null],
  ])("%j is read as %j", (typed, normal) => {
    expect(normalReceiptCode(typed)).toBe(normal);
  });

  test("the data page is under the survey's route, or at the root for the survey at /", () => {
    expect(receiptPagePath({ route: "/recibo", receipt: {} })).toBe("/recibo/meus-dados");
    expect(receiptPagePath({ route: "/", receipt: { path: "mis-datos" } })).toBe("/mis-datos");
  });
});

describe("storedAnswers", () => {
  const config = {
    questions: [
      { id: "nombre", type: "text", title: "¿Nombre?", emoji: "👋", required: true },
      { id: "etapa", type: "radio", title: "¿Etapa?", emoji: "🩺", required: true, options: ["A", "Otra"], other: { option: "Otra", id: "etapaOtra", label: "¿Cuál?" } },
      { id: "redes", type: "checkbox", title: "¿Redes?", emoji: "📱", required: false, options: ["X", "Y"] },
    ],
  } as unknown as SurveyConfig;

  test("every question in order with its title; a companion's text follows its answer; an empty question has no texts", () => {
    expect(storedAnswers(config, { nombre: "Ana", etapa: "Otra", etapa_otra: "Residencia", redes: null })).toEqual([
      { id: "nombre", title: "¿Nombre?", texts: ["Ana"] },
      { id: "etapa", title: "¿Etapa?", texts: ["Otra", "Residencia"] },
      { id: "redes", title: "¿Redes?", texts: [] },
    ]);
  });

  test("a list is joined, a number shown as it is", () => {
    expect(storedAnswers(config, { nombre: 42, etapa: "A", redes: ["X", "Y"] }).map((answer) => answer.texts)).toEqual([["42"], ["A"], ["X, Y"]]);
  });

  test("a choice shows the labels the respondent chose, not the values stored for them", () => {
    const labelled = {
      questions: [
        { id: "region", type: "radio", title: "¿Región?", emoji: "🗺️", required: true, options: [{ value: "r3", label: "Sudeste" }, { value: "r4", label: "Sul" }] },
        { id: "cargo", type: "checkbox", title: "¿Cargo?", emoji: "🩺", required: true, options: [{ value: "ps", label: "Plantonista" }, { value: "dir", label: "Diretor" }] },
      ],
    } as unknown as SurveyConfig;
    expect(storedAnswers(labelled, { region: "r3", cargo: ["ps", "dir"] }).map((answer) => answer.texts)).toEqual([["Sudeste"], ["Plantonista, Diretor"]]);
  });
});
