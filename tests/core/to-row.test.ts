import { describe, expect, test } from "vitest";
import { emptyAnswers, type Answers, type AnswerValue } from "../../src/core/answers.ts";
import { toRow } from "../../src/core/to-row.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

/** What a survey resolved outside the build sends beside its answers: no definition version, no commit (src/core/definition-version.ts). */
const UNVERSIONED = { definition_version: null, definition_commit: null };

const survey = (...questions: Question[]) => tinySurvey({ questions });
const ID = "4b0f8a47-8d1e-4c55-9a53-3d9b0c2a6f10";

/** A radio whose choices show one text and store another, 'other' included (the rename recipe of docs/survey/texts.md). */
const canal: Question = {
  id: "canal",
  type: "radio",
  title: "¿Cómo nos conociste?",
  emoji: "📣",
  required: true,
  options: [
    { value: "Instagram", label: "En Instagram" },
    { value: "Otro", label: "De otra forma" },
  ],
  other: { option: "Otro", id: "canalOutro", placeholder: "Especifique" },
};
const temas: Question = {
  id: "temas",
  type: "checkbox",
  title: "¿Qué temas?",
  emoji: "📚",
  required: false,
  options: [
    { value: "Revalida", label: "La reválida" },
    { value: "Empleo", label: "Empleo en Brasil" },
    "Otros",
  ],
  extraText: { id: "temasOtros", placeholder: "¿Cuáles?" },
};
const nombre: Question = { id: "nomeCompleto", type: "text", title: "¿Nombre?", emoji: "👋", required: true };
const edad: Question = { id: "idade", type: "number", title: "¿Edad?", emoji: "🎂", required: true, column: "edad_declarada" };
const interes: Question = { id: "interes", type: "slider", title: "¿Interés?", emoji: "📊", required: true, min: 0, max: 10, default: 5, minLabel: "0", maxLabel: "10" };

describe("toRow", () => {
  test("a value/label choice stores the value, never the text shown", () => {
    const row = toRow(survey(canal, temas), { canal: "Instagram", canalOutro: "", temas: ["Empleo", "Revalida"], temasOtros: "" }, ID);
    expect(row).toEqual({ id: ID, visit_id: null, ...UNVERSIONED, canal: "Instagram", canal_outro: null, temas: ["Empleo", "Revalida"], temas_otros: null });
  });

  test("the 'other' text is stored while its option (a value/label pair) is chosen", () => {
    const row = toRow(survey(canal), { canal: "Otro", canalOutro: "  Un podcast " }, ID);
    expect(row).toEqual({ id: ID, visit_id: null, ...UNVERSIONED, canal: "Otro", canal_outro: "Un podcast" });
  });

  test("the 'other' text is dropped when the respondent changes to another option", () => {
    const row = toRow(survey(canal), { canal: "Instagram", canalOutro: "Un podcast" }, ID);
    expect(row.canal_outro).toBeNull();
    expect(row.canal).toBe("Instagram");
  });

  test("the extra box of a checkbox question is kept whatever is ticked", () => {
    expect(toRow(survey(temas), { temas: [], temasOtros: "Guardias" }, ID)).toEqual({ id: ID, visit_id: null, ...UNVERSIONED, temas: [], temas_otros: "Guardias" });
  });

  test("texts are trimmed, blank texts become null, numbers stay text, a column override names the column", () => {
    const row = toRow(survey(nombre, edad), { nomeCompleto: "  María José \n", idade: "31" }, ID);
    expect(row).toEqual({ id: ID, visit_id: null, ...UNVERSIONED, nome_completo: "María José", edad_declarada: "31" });
    expect(toRow(survey(nombre, edad), { nomeCompleto: "   ", idade: "" }, ID)).toEqual({ id: ID, visit_id: null, ...UNVERSIONED, nome_completo: null, edad_declarada: null });
  });

  test.each([
    ["the slider's one-element list", [8], 8],
    ["the slider's untouched default", undefined, 5],
    ["a slider answer of the wrong shape", "8", 5],
  ])("%s becomes its number", (_case, value, stored) => {
    const answers: Answers = value === undefined ? {} : { interes: value as AnswerValue };
    expect(toRow(survey(interes), answers, ID).interes).toBe(stored);
  });

  test("lists keep the ticking order and nothing but texts", () => {
    expect(toRow(survey(temas), { temas: ["Otros", "Revalida"] }, ID).temas).toEqual(["Otros", "Revalida"]);
    expect(toRow(survey(temas), { temas: [3, 4] as never }, ID).temas).toEqual([]);
    expect(toRow(survey(temas), {}, ID).temas).toEqual([]);
  });

  test("the empty answers of a new respondent map to a row with every column", () => {
    const config = survey(nombre, canal, temas, interes);
    expect(toRow(config, emptyAnswers(config), ID)).toEqual({
      id: ID,
      nome_completo: null,
      canal: null,
      canal_outro: null,
      temas: [],
      temas_otros: null,
      interes: 5,
      // Stored by the page beside the answers; empty answers carry no visit, and a survey resolved without the build no version.
      visit_id: null,
      ...UNVERSIONED,
    });
  });
});
