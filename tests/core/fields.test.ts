import { describe, expect, test } from "vitest";
import { answerFields, snakeCase } from "../../src/core/fields.ts";
import { surveyForRoute } from "../support/surveys.ts";

describe("snakeCase", () => {
  test.each([
    ["nomeCompleto", "nome_completo"],
    ["entradaRMJ", "entrada_rmj"],
    ["paisMedicinaOutro", "pais_medicina_outro"],
    ["idade", "idade"],
  ])("%s → %s", (id, column) => {
    expect(snakeCase(id)).toBe(column);
  });
});

describe("answerFields", () => {
  test.each([
    ["/", ["generoOutro", "cidadeOutra", "paisMedicinaOutro", "redesSociaisOutras", "motivacaoOutra", "tipoConteudoOutros", "conteudoDesejadoOutros"]],
    ["/foreign-form", ["generoOutro", "paisOutro", "paisMedicinaOutro", "redesSociaisOutras", "motivacaoOutra", "tipoConteudoOutros", "conteudoDesejadoOutros"]],
  ])("the companion fields of %s are the spec's, never required", (route, companions) => {
    const fields = answerFields(surveyForRoute(route)!);
    const questionIds = new Set(surveyForRoute(route)!.questions.map((question) => question.id));
    const extra = fields.filter((field) => !questionIds.has(field.id));
    expect(extra.map((field) => field.id)).toEqual(companions);
    expect(extra.every((field) => !field.required && field.kind === "text")).toBe(true);
  });
});
