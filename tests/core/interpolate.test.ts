import { describe, expect, test } from "vitest";
import { interpolate, recalledQuestion } from "../../src/core/interpolate.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

describe("interpolate", () => {
  test.each([
    ["{current} de {total}", { current: 1, total: 19 }, "1 de 19"],
    ["{percent}% completo", { percent: 5 }, "5% completo"],
    ["¿Conocías a {professionalName}?", { professionalName: "Dra. Ana" }, "¿Conocías a Dra. Ana?"],
    ["{a} y {a}", { a: "x" }, "x y x"],
    ["sin marcadores", { a: "x" }, "sin marcadores"],
    ["{unknown} stays", { a: "x" }, "{unknown} stays"],
    ["{zero}", { zero: 0 }, "0"],
  ])("%j with %j reads %j", (template, values, expected) => {
    expect(interpolate(template, values)).toBe(expected);
  });
});

describe("recalledQuestion", () => {
  const nome: Question = { id: "nomeCompleto", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: false };
  const pais: Question = { id: "pais", type: "radio", title: "¿País?", emoji: "🌎", required: true, options: [{ value: "AR", label: "Argentina" }, "Chile"] };
  const redes: Question = { id: "redes", type: "checkbox", title: "¿Redes?", emoji: "📱", required: true, options: [{ value: "ig", label: "Instagram" }, "TikTok"] };
  const edad: Question = { id: "idade", type: "number", title: "¿Cuántos años tienes, {answer:nomeCompleto|colega}?", emoji: "🎂", required: true, placeholder: "Edad en {answer:pais}" };
  const config = tinySurvey({ questions: [nome, pais, redes, edad] });

  test("shows the fallback while the answer is empty, then the answer", () => {
    expect(recalledQuestion(edad, config, { nomeCompleto: "" }).title).toBe("¿Cuántos años tienes, colega?");
    expect(recalledQuestion(edad, config, { nomeCompleto: "Ana" }).title).toBe("¿Cuántos años tienes, Ana?");
  });

  test("recalls a choice by its label and ticked boxes as a list, in placeholders and option labels too", () => {
    expect(recalledQuestion(edad, config, { pais: "AR" }).placeholder).toBe("Edad en Argentina");
    const mensaje: Question = { id: "mensaje", type: "radio", title: "¿Dónde te escribimos?", emoji: "✉️", required: true, options: [{ value: "redes", label: "Por {answer:redes}" }, "Email"] };
    expect(recalledQuestion(mensaje, tinySurvey({ questions: [redes, mensaje] }), { redes: ["ig", "TikTok"] }).options).toEqual([{ value: "redes", label: "Por Instagram, TikTok" }, "Email"]);
  });

  test("keeps markup in an answer as the characters typed", () => {
    expect(recalledQuestion(edad, config, { nomeCompleto: "<b>x</b>" }).title).toBe("¿Cuántos años tienes, <b>x</b>?");
  });

  test("reads the answer of a question its condition hides as empty", () => {
    const oculto: Question = { ...nome, showIf: { question: "pais", equals: "Chile" } } as Question;
    const hidden = tinySurvey({ questions: [pais, oculto, edad] });
    expect(recalledQuestion(edad, hidden, { pais: "AR", nomeCompleto: "Ana" }).title).toBe("¿Cuántos años tienes, colega?");
  });

  test("returns a question without recalls unchanged", () => {
    expect(recalledQuestion(nome, config, {})).toBe(nome);
  });
});
