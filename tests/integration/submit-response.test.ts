// The real data path: submitResponse → supabase-js → the local data API's
// PostgREST → PGlite with the generated migrations, read back with the
// service_role key. Also what the public anon key must NOT be able to do.
import { withVersion } from "../support/versioned-rows.ts";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import type { Answers } from "../../src/core/answers.ts";
import { optionValue } from "../../src/core/fields.ts";
import { withHoneypot } from "../../src/core/honeypot.ts";
import { SubmitError } from "../../src/data/submit-error.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

/** A shipped survey as the build serves it: with the definition version its migrations published. */
const load = (name: string) => withVersion(JSON.parse(readFileSync(`surveys/${name}.json`, "utf8")) as SurveyConfig);
const medical = load("medical-form");
const foreign = load("foreign-form");

let api: DataApi;
let submitResponse: typeof import("../../src/data/submit-response.ts").submitResponse;
// A copy of the generated migrations, so that a test can add one (as an operator would) and apply it.
const migrationsDir = mkdtempSync(join(tmpdir(), "submit-response-migrations-"));

beforeAll(async () => {
  cpSync("supabase/migrations", migrationsDir, { recursive: true });
  api = await startDataApi({ port: 0, dataDir: null, quiet: true, migrationsDir });
  vi.stubEnv("VITE_SUPABASE_URL", api.url);
  vi.stubEnv("VITE_SUPABASE_ANON_KEY", api.anonKey);
  ({ submitResponse } = await import("../../src/data/submit-response.ts"));
}, 90_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await api?.stop();
  rmSync(migrationsDir, { recursive: true, force: true });
});

const serviceHeaders = () => ({ apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}` });

async function storedRows(table: string, id: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${api.restUrl}/${table}?id=eq.${id}&select=*`, { headers: serviceHeaders() });
  expect(response.status).toBe(200);
  return response.json();
}

function anon(method: string, path: string, body?: unknown) {
  return fetch(`${api.restUrl}/${path}`, {
    method,
    headers: { apikey: api.anonKey, "content-type": "application/json", prefer: "return=minimal" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The stored value of a question's option, read from the survey file: rewording an option never breaks this test. */
function option(config: SurveyConfig, id: string, index: number): string {
  const question = config.questions.find((candidate) => candidate.id === id);
  if (!question || !("options" in question)) throw new Error(`[test] ${config.id} has no question ${id} with options`);
  return optionValue(question.options[index]!);
}

/** The option of a question that reveals its 'other' free-text field. */
function otherOption(config: SurveyConfig, id: string): string {
  const question = config.questions.find((candidate) => candidate.id === id);
  if (!question || !("other" in question) || !question.other) throw new Error(`[test] ${config.id} has no question ${id} with an 'other' field`);
  return question.other.option;
}

// A complete answer set as the form holds it (options taken from the survey files), and the row the spec says it becomes.
// The page adds the hidden fields from /…?utm_source=instagram&utm_campaign=live-nov and the visit id.
const VISIT = "0b6f1f5e-2c1d-4e8a-9f00-5a3c2b1d0e9f";
// The honeypot column (website) stays empty for a person.
const pageRow = { utm_source: "instagram", utm_medium: null, utm_campaign: "live-nov", visit_id: VISIT, website: null };
const common: Answers = {
  utm_source: "instagram",
  utm_medium: "",
  utm_campaign: "live-nov",
  visitId: VISIT,
  nomeCompleto: "  María José Quispe ",
  idade: "31",
  generoOutro: "",
  paisMedicinaOutro: "Rusia",
  outrasFormacoes: "",
  sonhoCarreira: "Trabajar en un hospital universitario\ncon investigación",
  redesSociaisOutras: "Threads",
  influenciaOnline: [8],
  influenciadores: "   ",
  motivacaoOutra: "",
  tipoConteudoOutros: "",
  visaoFuturo: "Especialista en Brasil",
  conteudoDesejadoOutros: "Guardias",
};

const medicalAnswers: Answers = {
  ...common,
  especializacao: option(medical, "especializacao", 3),
  genero: option(medical, "genero", 0),
  cidade: otherOption(medical, "cidade"),
  cidadeOutra: "Chile",
  paisMedicina: otherOption(medical, "paisMedicina"),
  entradaRMJ: option(medical, "entradaRMJ", 2),
  empreender: option(medical, "empreender", 1),
  redesSociais: [option(medical, "redesSociais", 0), option(medical, "redesSociais", 2)],
  conheciaProfissional: option(medical, "conheciaProfissional", 1),
  motivacao: [option(medical, "motivacao", 4)],
  tipoConteudo: [option(medical, "tipoConteudo", 3), option(medical, "tipoConteudo", 0)],
  conteudoDesejado: [option(medical, "conteudoDesejado", 2)],
  participarTestes: option(medical, "participarTestes", 2),
};

const medicalRow = {
  ...pageRow,
  nome_completo: "María José Quispe",
  idade: "31",
  genero: medicalAnswers.genero,
  genero_outro: null,
  cidade: medicalAnswers.cidade,
  cidade_outra: "Chile",
  pais_medicina: medicalAnswers.paisMedicina,
  pais_medicina_outro: "Rusia",
  entrada_rmj: medicalAnswers.entradaRMJ,
  especializacao: medicalAnswers.especializacao,
  outras_formacoes: null,
  sonho_carreira: "Trabajar en un hospital universitario\ncon investigación",
  empreender: medicalAnswers.empreender,
  redes_sociais: medicalAnswers.redesSociais,
  redes_sociais_outras: "Threads",
  influencia_online: 8,
  influenciadores: null,
  conhecia_profissional: medicalAnswers.conheciaProfissional,
  motivacao: medicalAnswers.motivacao,
  motivacao_outra: null,
  tipo_conteudo: medicalAnswers.tipoConteudo,
  tipo_conteudo_outros: null,
  visao_futuro: "Especialista en Brasil",
  conteudo_desejado: medicalAnswers.conteudoDesejado,
  conteudo_desejado_outros: "Guardias",
  participar_testes: medicalAnswers.participarTestes,
};

const foreignAnswers: Answers = {
  ...common,
  especializacao: option(foreign, "especializacao", 4),
  genero: otherOption(foreign, "genero"),
  generoOutro: "Agénero",
  pais: option(foreign, "pais", 0),
  paisOutro: "Texto que ya no cuenta",
  paisMedicina: otherOption(foreign, "paisMedicina"),
  entradaRMJ: option(foreign, "entradaRMJ", 2),
  empreender: option(foreign, "empreender", 1),
  redesSociais: [option(foreign, "redesSociais", 1), option(foreign, "redesSociais", 8)],
  conheciaProfissional: option(foreign, "conheciaProfissional", 1),
  motivacao: [option(foreign, "motivacao", 1), option(foreign, "motivacao", 5)],
  motivacaoOutra: "Amistad",
  tipoConteudo: [option(foreign, "tipoConteudo", 4)],
  conteudoDesejado: [option(foreign, "conteudoDesejado", 5), option(foreign, "conteudoDesejado", 6)],
  participarTestes: option(foreign, "participarTestes", 0),
};

const foreignRow = {
  ...pageRow,
  nome_completo: "María José Quispe",
  idade: "31",
  genero: foreignAnswers.genero,
  genero_outro: "Agénero",
  pais: foreignAnswers.pais,
  pais_outro: null,
  pais_medicina: foreignAnswers.paisMedicina,
  pais_medicina_outro: "Rusia",
  entrada_rmj: foreignAnswers.entradaRMJ,
  especializacao: foreignAnswers.especializacao,
  outras_formacoes: null,
  sonho_carreira: "Trabajar en un hospital universitario\ncon investigación",
  empreender: foreignAnswers.empreender,
  redes_sociais: foreignAnswers.redesSociais,
  redes_sociais_outras: "Threads",
  influencia_online: 8,
  influenciadores: null,
  conhecia_profissional: foreignAnswers.conheciaProfissional,
  motivacao: foreignAnswers.motivacao,
  motivacao_outra: "Amistad",
  tipo_conteudo: foreignAnswers.tipoConteudo,
  tipo_conteudo_outros: null,
  visao_futuro: "Especialista en Brasil",
  conteudo_desejado: foreignAnswers.conteudoDesejado,
  conteudo_desejado_outros: "Guardias",
  participar_testes: foreignAnswers.participarTestes,
};

describe("submitResponse against the local data API", () => {
  test.each([
    ["/", medical, medicalAnswers, medicalRow],
    ["/foreign-form", foreign, foreignAnswers, foreignRow],
  ])("a full answer set on %s is stored as the expected row, column by column", async (_route, config, answers, expected) => {
    const id = randomUUID();
    await submitResponse(config, answers, id);
    const rows = await storedRows(config.table, id);
    expect(rows).toHaveLength(1);
    const { created_at: createdAt, ...row } = rows[0]!;
    // Beside the answers, the version the page was served with; no commit outside a production build.
    expect(row).toEqual({ id, ...expected, definition_version: config.version, definition_commit: null });
    expect(Date.parse(String(createdAt))).not.toBeNaN();
  });

  test("the same response id submitted twice stores one row, and the second call succeeds", async () => {
    const id = randomUUID();
    await submitResponse(foreign, foreignAnswers, id);
    await expect(submitResponse(foreign, foreignAnswers, id)).resolves.toBeUndefined();
    expect(await storedRows(foreign.table, id)).toHaveLength(1);
  });

  test("a resubmit counts as saved whatever the table's key is named (a table adopted from the live project, a name PostgreSQL shortened)", async () => {
    const { table } = medical;
    writeFileSync(join(migrationsDir, "29991231000000_rename_key.sql"), `alter table public.${table} rename constraint ${table}_pkey to ${table}_id_key;\n`);
    await api.migrate();
    const id = randomUUID();
    await submitResponse(medical, medicalAnswers, id);
    await expect(submitResponse(medical, medicalAnswers, id)).resolves.toBeUndefined();
    expect(await storedRows(table, id)).toHaveLength(1);
  }, 60_000);

  test("options written as { value, label } store the value, 'other' and lists included", async () => {
    // The rename recipe of docs/survey/texts.md: every option of two questions shows a new text and keeps storing the old one.
    const relabel = (question: SurveyConfig["questions"][number]) =>
      "options" in question ? { ...question, options: question.options.map((option) => ({ value: optionValue(option), label: `Nuevo: ${optionValue(option)}` })) } : question;
    const renamed = { ...foreign, questions: foreign.questions.map((question) => (["genero", "motivacao"].includes(question.id) ? relabel(question) : question)) };
    const id = randomUUID();
    await submitResponse(renamed, foreignAnswers, id);
    const [row] = await storedRows(foreign.table, id);
    expect(row).toMatchObject({ genero: foreignAnswers.genero, genero_outro: "Agénero", motivacao: foreignAnswers.motivacao, motivacao_outra: "Amistad" });
  });

  test.each([
    ["a 5000-character text", { nomeCompleto: "x".repeat(5000) }],
    ["a 100-entry list", { redesSociais: Array.from({ length: 100 }, (_, i) => `red ${i}`) }],
    ["a list entry of 300 characters", { motivacao: ["y".repeat(300)] }],
    ["a slider of 99", { influenciaOnline: [99] }],
  ])("%s is refused by the database with the 'Error al enviar formulario' path, and nothing is stored", async (_name, override) => {
    const id = randomUUID();
    const error = await submitResponse(foreign, { ...foreignAnswers, ...override }, id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmitError);
    expect((error as SubmitError).kind).toBe("rejected");
    expect(await storedRows(foreign.table, id)).toHaveLength(0);
  });

  test("with the data API stopped the submit is 'unreachable' (the page waits and retries); started again, the same submit succeeds", async () => {
    const id = randomUUID();
    await api.stopPostgrest();
    try {
      const error = await submitResponse(medical, medicalAnswers, id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SubmitError);
      expect((error as SubmitError).kind).toBe("unreachable");
    } finally {
      await api.startPostgrest();
    }
    await submitResponse(medical, medicalAnswers, id);
    expect(await storedRows(medical.table, id)).toHaveLength(1);
  }, 60_000);
});

describe("what the public anon key may do", () => {
  let id: string;
  beforeAll(async () => {
    id = randomUUID();
    await submitResponse(medical, medicalAnswers, id);
  });

  test.each([medical, foreign])("reading $table is refused", async ({ table }) => {
    const response = await anon("GET", `${table}?select=*`);
    expect(response.status).toBeGreaterThanOrEqual(400);
  });

  test.each([medical, foreign])("updating and deleting rows of $table are refused, and the row is unchanged", async ({ table }) => {
    const update = await anon("PATCH", `${table}?nome_completo=not.is.null`, { nome_completo: "pwned" });
    const remove = await anon("DELETE", `${table}?nome_completo=not.is.null`);
    expect(update.status).toBeGreaterThanOrEqual(400);
    expect(remove.status).toBeGreaterThanOrEqual(400);
    const rows = await storedRows(medical.table, id);
    expect(rows.map((row) => row.nome_completo)).toEqual(["María José Quispe"]);
  });

  test("a filled honeypot is refused by each survey's table: the submit is 'rejected' and nothing is stored", async () => {
    for (const [config, answers] of [[medical, medicalAnswers], [foreign, foreignAnswers]] as const) {
      const id = randomUUID();
      const error = await submitResponse(config, withHoneypot(answers, "https://spam.example"), id).catch((caught: unknown) => caught);
      expect(error, config.table).toBeInstanceOf(SubmitError);
      expect((error as SubmitError).kind, config.table).toBe("rejected");
      expect(await storedRows(config.table, id), config.table).toEqual([]);
    }
  });

  test("inserting into a table that is not a survey table is refused", async () => {
    for (const path of ["schema_migrations", "supabase_migrations.schema_migrations", "pg_user"]) {
      const response = await anon("POST", path, { version: "1" });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
    }
  });
});
