// The report against the real local data API: seeded results (hundreds of
// visits and responses of foreign-form), the right numbers computed
// independently with SQL, and the report's HTML and CSV read back and compared.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedReportSql } from "../../scripts/bench/seed-report-data.ts";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { psql } from "../../scripts/data-api/psql.ts";
import { writeSurveyReport, type WrittenReport } from "../../scripts/report/run-report.ts";
import { readNumbers } from "../../scripts/report/read-numbers.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { surveyForRoute } from "../support/surveys.ts";
import { optionValue } from "../../src/core/fields.ts";
import { toRow } from "../../src/core/to-row.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { openReport, parseNumber, percentText, questionSection, shown, statOf, tableRows } from "../support/report-html.ts";

const config = surveyForRoute("/foreign-form")!;
/** Titles as the report shows them, {professionalName} filled in (the survey is loaded resolved, as the page gets it). */
const titles = config.questions.map((question) => question.title);
const table = `public.${config.table}`;
let api: DataApi;
let report: WrittenReport;
let document: Document;

/** Rows of a query, through psql as JSON: the independent computation. */
async function sql<T>(query: string): Promise<T[]> {
  const output = await psql(api.dbUrl, ["--tuples-only", "--no-align", "--command", `select coalesce(json_agg(t), '[]') from (${query}) t`]);
  return JSON.parse(output) as T[];
}

/** The stored value of a question's option, by its position in the survey file: rewording an option never breaks this test. */
function option(id: string, index = 0): string {
  const question = config.questions.find((candidate) => candidate.id === id);
  if (!question || !("options" in question)) throw new Error(`[test] ${config.id} has no question ${id} with options`);
  return optionValue(question.options[index]!);
}

/** The option of a question that reveals its 'other' free-text field. */
function otherOption(id: string): string {
  const question = config.questions.find((candidate) => candidate.id === id);
  if (!question || !("other" in question) || !question.other) throw new Error(`[test] ${config.id} has no question ${id} with an 'other' field`);
  return question.other.option;
}

/** A response typed by a respondent who tries a formula and markup: stored as is, neutralised in the CSV, escaped in the HTML. */
async function insertHostileResponse() {
  const answers = {
    ...openingAnswers(config, "?utm_source=instagram", "7e1f3a2b-4c5d-4e6f-8a9b-0c1d2e3f4a5b"),
    nomeCompleto: "=HYPERLINK(\"http://evil\",\"x\")", idade: "30", genero: otherOption("genero"), generoOutro: "<img src=x onerror=alert(1)>",
    pais: option("pais"), paisMedicina: option("paisMedicina"), entradaRMJ: option("entradaRMJ"), especializacao: option("especializacao"), empreender: option("empreender"),
    redesSociais: [option("redesSociais")], influenciaOnline: [7], conheciaProfissional: option("conheciaProfissional"), motivacao: [option("motivacao")],
    tipoConteudo: [option("tipoConteudo")], conteudoDesejado: [option("conteudoDesejado")], participarTestes: option("participarTestes"), sonhoCarreira: "+34 600 000 000\nline two",
  };
  const response = await fetch(`${api.restUrl}/${config.table}`, {
    method: "POST",
    headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json", prefer: "return=minimal" },
    body: JSON.stringify(toRow(config, answers, "0e0e0e0e-0000-4000-8000-000000000001")),
  });
  expect(response.status, await response.text()).toBe(201);
}

beforeAll(async () => {
  api = await startDataApi({ port: 0, dataDir: null, quiet: true });
  await psql(api.dbUrl, [], seedReportSql(config, { visits: 400, extraResponses: 60, seed: 0.17 }));
  await insertHostileResponse();
  report = await writeSurveyReport(config, { url: api.url, serviceKey: api.serviceRoleKey }, { where: {} }, mkdtempSync(join(tmpdir(), "report-test-")));
  document = openReport(readFileSync(report.html, "utf8"));
}, 180_000);

afterAll(async () => {
  await api?.stop();
});

describe("npm run report on seeded results", () => {
  test("the headline shows the responses, visits and completion rate SQL counts", async () => {
    const [counts] = await sql<{ responses: number; visits: number; completed: number }>(`select
      (select count(*) from ${table}) as responses,
      (select count(distinct visit_id) from public.visit_events where survey_id = 'foreign-form') as visits,
      (select count(distinct e.visit_id) from public.visit_events e where e.survey_id = 'foreign-form'
         and (e.step = 'submitted' or exists (select 1 from ${table} r where r.visit_id = e.visit_id::text))) as completed`);
    expect(counts!.responses).toBeGreaterThan(100);
    expect(parseNumber(statOf(document, "responses"))).toBe(counts!.responses);
    expect(parseNumber(statOf(document, "visits"))).toBe(counts!.visits);
    expect(statOf(document, "completion")).toBe(percentText(counts!.completed, counts!.visits));
  });

  test("a radio question shows the count and share of each option among those who answered", async () => {
    const expected = await sql<{ genero: string; count: number }>(`select genero, count(*) as count from ${table} where genero is not null group by genero`);
    const n = expected.reduce((sum, row) => sum + row.count, 0);
    const section = questionSection(document, "genero");
    expect(shown(section.querySelector(".n"))).toContain(`n = ${n} respondieron`);
    const rows = tableRows(section);
    for (const { genero, count } of expected) {
      expect(rows.find(([label]) => label === genero), genero).toEqual([genero, String(count), percentText(count, n)]);
    }
  });

  test("a checkbox question shows the share of respondents choosing each option", async () => {
    const expected = await sql<{ option: string; count: number; n: number }>(`select o as option, count(*) as count, (select count(*) from ${table} where cardinality(redes_sociais) > 0) as n
      from ${table}, unnest(redes_sociais) as o group by o`);
    const rows = tableRows(questionSection(document, "redesSociais"));
    for (const { option, count, n } of expected) {
      expect(rows.find(([label]) => label === option), option).toEqual([option, String(count), percentText(count, n)]);
    }
  });

  test("the slider shows the median and quartiles percentile_cont gives", async () => {
    const [stats] = await sql<{ q1: number; median: number; q3: number; mean: number }>(`select percentile_cont(0.25) within group (order by influencia_online) as q1,
      percentile_cont(0.5) within group (order by influencia_online) as median, percentile_cont(0.75) within group (order by influencia_online) as q3,
      avg(influencia_online)::float8 as mean from ${table}`);
    const rows = Object.fromEntries(tableRows(questionSection(document, "influenciaOnline"), "table.stats").map(([name, value]) => [name, parseNumber(value!)]));
    expect(rows["Mediana"]).toBe(stats!.median);
    expect(rows["Primer cuartil"]).toBe(stats!.q1);
    expect(rows["Tercer cuartil"]).toBe(stats!.q3);
    expect(rows["Media"]).toBeCloseTo(stats!.mean, 2);
  });

  test("the funnel shows how many visits reached each question, by id, and how many submitted", async () => {
    const reached = await sql<{ question_id: string; visits: number }>(`select question_id, count(distinct visit_id) as visits from public.visit_events
      where survey_id = 'foreign-form' and step = 'reached' group by question_id`);
    const rows = tableRows(document.querySelector("#drop-off")!.parentElement!);
    config.questions.forEach((question, index) => {
      const expected = reached.find((row) => row.question_id === question.id)?.visits ?? 0;
      expect(rows[index + 1]!.slice(0, 2), question.id).toEqual([`${index + 1}. ${titles[index]}`, String(expected)]);
    });
    expect(shown(document.querySelector("#biggest-drop"))).toMatch(/^Donde más se abandona: \d+ visitas? (llegaron|llegó) a la pregunta \d+\. /);
  });

  test("sources show the responses per utm_source value", async () => {
    const expected = await sql<{ value: string; responses: number }>(`select coalesce(utm_source, '') as value, count(*) as responses from ${table} group by 1`);
    const rows = tableRows(document.querySelector("#source-utm_source")!.nextElementSibling!);
    for (const { value, responses } of expected) {
      expect(rows.find(([label]) => label === (value || "(sin valor)"))?.[2], value).toBe(String(responses));
    }
  });

  test("texts typed by respondents are escaped in the HTML, never markup", () => {
    const section = questionSection(document, "genero");
    expect(shown(section.querySelector(".texts"))).toContain("<img src=x onerror=alert(1)>");
    expect(document.querySelectorAll("img")).toHaveLength(0);
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  test("declares a Content-Security-Policy under which no script runs and only its own stylesheet applies", () => {
    const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content");
    const hash = `'sha256-${createHash("sha256").update(document.querySelector("style")!.textContent!).digest("base64")}'`;
    expect(policy).toBe(`default-src 'none'; style-src ${hash}; img-src data:; base-uri 'none'; form-action 'none'`);
    expect(document.querySelector("head")!.firstElementChild!.nextElementSibling, "declared before the stylesheet").toBe(document.querySelector('meta[http-equiv="Content-Security-Policy"]'));
  });

  test("the CSV has a BOM, one row per response, one column per question in order plus one 0/1 column per checkbox option, and neutralised formulas", async () => {
    const text = readFileSync(report.csv, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const records = parse(text.slice(1), { columns: true }) as Record<string, string>[];
    const [{ count }] = (await sql<{ count: number }>(`select count(*) as count from ${table}`)) as [{ count: number }];
    expect(records).toHaveLength(count);
    const header = Object.keys(records[0]!);
    expect(header.slice(0, 5)).toEqual(["id", "created_at", "nome_completo", "idade", "genero"]);
    const [ticked, unticked] = [option("redesSociais", 0), option("redesSociais", 1)];
    expect(header).toContain(`redes_sociais/${ticked}`);
    expect(header.slice(-5)).toEqual(["utm_source", "utm_medium", "utm_campaign", "visit_id", "definition_version"]);
    const hostile = records.find((record) => record.id === "0e0e0e0e-0000-4000-8000-000000000001")!;
    expect(hostile.nome_completo).toBe("'=HYPERLINK(\"http://evil\",\"x\")");
    expect(hostile.sonho_carreira).toBe("'+34 600 000 000\nline two");
    expect(hostile.redes_sociais).toBe(ticked);
    expect(hostile[`redes_sociais/${ticked}`]).toBe("1");
    expect(hostile[`redes_sociais/${unticked}`]).toBe("0");
    expect(hostile.utm_source).toBe("instagram");
  });
});

describe("the report's functions in the database", () => {
  const survey = JSON.stringify({ survey: { table: config.table, surveyId: config.id, questions: [], hidden: [] } });

  test("the public key cannot call them through the API", async () => {
    const response = await fetch(`${api.restUrl}/rpc/survey_numbers`, {
      method: "POST",
      headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json", "content-profile": "report" },
      body: survey,
    });
    expect([401, 404], await response.text()).toContain(response.status);
  });

  test.each(["anon", "authenticated"])("%s cannot call them in SQL (42501)", async (role) => {
    const attempt = psql(api.dbUrl, ["--set", "ON_ERROR_STOP=1", "--set", "VERBOSITY=verbose"], `begin; set local role ${role}; select report.survey_numbers('{}'); rollback;`);
    await expect(attempt).rejects.toThrow(/42501/);
  });

  test.each(["anon", "authenticated"])("%s cannot read the tallies in SQL (42501), nor change them", async (role) => {
    for (const statement of ["select * from report.tallies", "select * from report.tallied", "select * from report.visit_state", "select * from report.visit_tallies", "select * from report.day_tallies", "delete from report.tallies", "select report.refill_all()"]) {
      const attempt = psql(api.dbUrl, ["--set", "ON_ERROR_STOP=1", "--set", "VERBOSITY=verbose"], `begin; set local role ${role}; ${statement}; rollback;`);
      await expect(attempt, statement).rejects.toThrow(/42501/);
    }
  });

  test.each(["tallies", "visit_tallies", "day_tallies", "visit_state", "tallied"])("the public key cannot read report.%s through the API", async (name) => {
    const response = await fetch(`${api.restUrl}/${name}`, { headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "accept-profile": "report" } });
    expect([401, 404], await response.text()).toContain(response.status);
  });

  test("the report read the tallies the triggers kept (the public key's insert among them), equal to a scan of the rows", async () => {
    const request = numbersRequest(config, { where: {} }, "UTC");
    const tallied = await readNumbers({ url: api.url, serviceKey: api.serviceRoleKey }, request);
    const scanned = await readNumbers({ url: api.url, serviceKey: api.serviceRoleKey }, { ...request, path: "scan" });
    expect(tallied.path).toBe("tallies");
    expect(scanned.path).toBe("scan: asked for");
    expect({ ...tallied, path: null }).toEqual({ ...scanned, path: null });
    const [{ count }] = (await sql<{ count: number }>(`select count(*)::int as count from ${table}`)) as [{ count: number }];
    expect(tallied.responses.responses).toBe(count);
  });

  test("the same data read through DATABASE_URL gives the same report", async () => {
    const direct = await writeSurveyReport(config, { url: api.url, serviceKey: api.serviceRoleKey, databaseUrl: api.dbUrl }, { where: {} }, mkdtempSync(join(tmpdir(), "report-test-")));
    expect(JSON.stringify(direct.numbers, null, 1)).toEqual(JSON.stringify(report.numbers, null, 1));
    expect(readFileSync(direct.csv, "utf8")).toBe(readFileSync(report.csv, "utf8"));
  });
});
