import { describe, expect, test } from "vitest";
import { emptyAnswers, isEmptyAnswer } from "../../src/core/answers.ts";
import { surveyForRoute } from "../support/surveys.ts";

const common = {
  nomeCompleto: "",
  idade: "",
  genero: "",
  generoOutro: "",
  paisMedicina: "",
  paisMedicinaOutro: "",
  entradaRMJ: "",
  especializacao: "",
  outrasFormacoes: "",
  sonhoCarreira: "",
  empreender: "",
  redesSociais: [],
  redesSociaisOutras: "",
  influenciaOnline: [5],
  influenciadores: "",
  conheciaProfissional: "",
  motivacao: [],
  motivacaoOutra: "",
  tipoConteudo: [],
  tipoConteudoOutros: "",
  visaoFuturo: "",
  conteudoDesejado: [],
  conteudoDesejadoOutros: "",
  participarTestes: "",
};

describe("emptyAnswers", () => {
  test.each([
    ["/", { ...common, cidade: "", cidadeOutra: "" }],
    ["/foreign-form", { ...common, pais: "", paisOutro: "" }],
  ])("the survey at %s starts with empty texts, empty lists and the slider at 5", (route, expected) => {
    expect(emptyAnswers(surveyForRoute(route)!)).toEqual(expected);
  });

  test("the older variant has cidade and no pais; the foreign variant the other way round", () => {
    expect(Object.keys(emptyAnswers(surveyForRoute("/")!))).not.toContain("pais");
    expect(Object.keys(emptyAnswers(surveyForRoute("/foreign-form")!))).not.toContain("cidade");
  });
});

describe("isEmptyAnswer", () => {
  test.each([
    [undefined, true],
    ["", true],
    ["   ", true],
    ["\n\t", true],
    ["Ana", false],
    [" a ", false],
    ["0", false],
    [[], true],
    [["Instagram"], false],
    [[0], false],
    [[5], false],
  ])("%j is empty: %s", (value, empty) => {
    expect(isEmptyAnswer(value)).toBe(empty);
  });
});
