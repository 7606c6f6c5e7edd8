import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, test } from "vitest";
import { rowSchema } from "../../scripts/lib/row-schema.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { ROW_COLUMNS, type FormsEstrangeirosRow, type MedicalFormResponsesRow } from "../../src/generated/rows.ts";
import { REPO } from "./helpers.ts";

// Spec section 3, "Stored response", per variant, plus the row's own id and created_at,
// then the hidden fields both surveys declare and the visit id (issue 15), the definition's version and the build's commit (issue 58).
const OLDER = [
  "id", "created_at", "nome_completo", "idade", "genero", "genero_outro", "cidade", "cidade_outra", "pais_medicina",
  "pais_medicina_outro", "entrada_rmj", "especializacao", "outras_formacoes", "sonho_carreira", "empreender", "redes_sociais",
  "redes_sociais_outras", "influencia_online", "influenciadores", "conhecia_profissional", "motivacao", "motivacao_outra",
  "tipo_conteudo", "tipo_conteudo_outros", "visao_futuro", "conteudo_desejado", "conteudo_desejado_outros", "participar_testes",
  "utm_source", "utm_medium", "utm_campaign", "visit_id", "definition_version", "definition_commit",
] as const;
const FOREIGN = [
  "id", "created_at", "nome_completo", "idade", "genero", "genero_outro", "pais", "pais_outro", "pais_medicina",
  "pais_medicina_outro", "entrada_rmj", "especializacao", "outras_formacoes", "sonho_carreira", "empreender", "redes_sociais",
  "redes_sociais_outras", "influencia_online", "influenciadores", "conhecia_profissional", "motivacao", "motivacao_outra",
  "tipo_conteudo", "tipo_conteudo_outros", "visao_futuro", "conteudo_desejado", "conteudo_desejado_outros", "participar_testes",
  "utm_source", "utm_medium", "utm_campaign", "visit_id", "definition_version", "definition_commit",
] as const;

const LISTS = ["redes_sociais", "motivacao", "tipo_conteudo", "conteudo_desejado"];
const NULLABLE = [
  "genero_outro", "cidade_outra", "pais_outro", "pais_medicina_outro", "outras_formacoes", "sonho_carreira", "redes_sociais_outras",
  "influenciadores", "motivacao_outra", "tipo_conteudo_outros", "visao_futuro", "conteudo_desejado_outros",
  "utm_source", "utm_medium", "utm_campaign", "visit_id", "definition_version", "definition_commit",
];

function expectedType(column: string): string {
  if (LISTS.includes(column)) return "string[]";
  if (column === "influencia_online") return "number";
  return NULLABLE.includes(column) ? "string | null" : "string";
}

/** `column: type` pairs of one interface in the generated rows.ts. */
function generatedTypes(name: string): Record<string, string> {
  const source = readFileSync(`${REPO}/src/generated/rows.ts`, "utf8");
  const body = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(source)![1]!;
  return Object.fromEntries([...body.matchAll(/^ {2}(\w+): (.+);$/gm)].map(([, column, type]) => [column, type]));
}

describe.each([
  { table: "medical_form_responses", rowType: "MedicalFormResponsesRow", expected: OLDER },
  { table: "forms_estrangeiros", rowType: "FormsEstrangeirosRow", expected: FOREIGN },
] as const)("rows of $table", ({ table, rowType, expected }) => {
  test("has exactly the spec's stored-response columns, in order", () => {
    expect(ROW_COLUMNS[table]).toEqual(expected);
  });

  test("types lists as string[], the slider as number, idade as text and optional or companion texts as nullable", () => {
    expect(generatedTypes(rowType)).toEqual(Object.fromEntries(expected.map((column) => [column, expectedType(column)])));
  });

  test("is what codegen derives from the survey now (rows.ts is not stale)", () => {
    const survey = loadSurveys(`${REPO}/surveys`).surveys.find(({ config }) => config.table === table)!;
    expect(Object.keys(rowSchema(survey.config).properties as object)).toEqual(ROW_COLUMNS[table]);
  });
});

test("row interfaces have exactly the spec's columns at compile time", () => {
  expectTypeOf<keyof MedicalFormResponsesRow>().toEqualTypeOf<(typeof OLDER)[number]>();
  expectTypeOf<keyof FormsEstrangeirosRow>().toEqualTypeOf<(typeof FOREIGN)[number]>();
  expectTypeOf<MedicalFormResponsesRow["idade"]>().toEqualTypeOf<string>();
  expectTypeOf<MedicalFormResponsesRow["redes_sociais"]>().toEqualTypeOf<string[]>();
  expectTypeOf<FormsEstrangeirosRow["influencia_online"]>().toEqualTypeOf<number>();
  expectTypeOf<FormsEstrangeirosRow["pais_outro"]>().toEqualTypeOf<string | null>();
});
