import { describe, expect, test } from "vitest";
import { stemmerOf, themesRow } from "../../../src/report/themes/themes-row.ts";
import { shippedSurvey } from "../../support/survey-rows.ts";

describe("themesRow", () => {
  test("the free texts of medical-form: its text questions and every other or extra text, with their choice; contacts never", () => {
    const row = themesRow(shippedSurvey("medical-form"));
    expect(Object.keys(row.texts)).toEqual(["nomeCompleto", "generoOutro", "cidadeOutra", "paisMedicinaOutro", "outrasFormacoes", "sonhoCarreira", "redesSociaisOutras", "influenciadores", "motivacaoOutra", "tipoConteudoOutros", "visaoFuturo", "conteudoDesejadoOutros"]);
    expect(row.texts.nomeCompleto).toMatchObject({ personal: true, kind: "text", column: "nome_completo" });
    expect(row.texts.generoOutro).toEqual({ column: "genero_outro", personal: false, question: "genero", kind: "one", choiceColumn: "genero", otherOption: "Otro" });
    expect(row.texts.redesSociaisOutras).toMatchObject({ kind: "many", otherOption: null, choiceColumn: "redes_sociais" });
    expect([row.dictionary, row.dictionaries, row.protected]).toEqual(["spanish_stem", { es: "spanish_stem" }, []]);
  });

  test("a survey in several languages stems each response in its own; protected terms as the file writes them", () => {
    const row = themesRow({ ...shippedSurvey("foreign-form"), languages: ["es", "pt-BR", "en"], protectedTerms: ["Revalida", "Medicina Interna"] });
    expect(row.dictionaries).toEqual({ es: "spanish_stem", "pt-BR": "portuguese_stem", en: "english_stem" });
    expect(row.protected).toEqual(["Revalida", "Medicina Interna"]);
  });

  test.each([["es-AR", "spanish_stem"], ["pt", "portuguese_stem"], ["PT-br", "portuguese_stem"], ["gn", "simple"]])("%s stems with %s", (language, dictionary) => {
    expect(stemmerOf(language)).toBe(dictionary);
  });
});
