// The coded "other" answers in `npm run report`'s HTML, on PGlite and
// PostgreSQL 15, through PostgREST and through DATABASE_URL: "other" texts
// sent as respondents type them, coded by an analyst on the results site's
// functions (an option of the question, a new code, one coding undone),
// then the report's section: each coded field's totals raw = coded, its
// answers by code, the single choice as given and coded, and each text as
// written with its code; under the report's filters; a --crosstab of the
// coded answers; absent for a survey nobody has coded.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import { crosstabsFor } from "../../scripts/report/options.ts";
import type { DataSource, ReadFilters } from "../../scripts/report/read-rows.ts";
import { OTHER_CODES_WORDS } from "../../src/report/other-codes/words.ts";
import { sendResponse, startResultsApi, TEAM, type ResultsApi } from "../support/results-api.ts";
import { shippedSurvey, validRow } from "../support/survey-rows.ts";
import { openReport, shown, tableRows } from "../support/report-html.ts";
import { API_BACKENDS } from "../support/fixture-api.ts";

const survey = shippedSurvey("foreign-form");
const words = OTHER_CODES_WORDS["pt-BR"];
const title = (id: string) => survey.questions.find((question) => question.id === id)!.title;
// Each "other" gender as typed, with the utm_source of its response: the most written form of a group is its sample.
const GENDERS: [string, string][] = [
  ["No binario", "instagram"], ["No binario", "youtube"], ["no binario", "instagram"], ["NO BINÁRIO", "youtube"],
  ["Queer", "instagram"], ["Queer", "youtube"], ["queer", "youtube"], ["Agénero", "instagram"], ["prefiero describirme", "youtube"],
];
const NETWORKS = ["Kwai", "Kwai", "kwai!", "Threads"];

describe.each(API_BACKENDS)("the report's coded \"other\" answers on %s", { timeout: 300_000 }, (backend) => {
  let results: ResultsApi;
  const rpc = async (name: string, args: object) => {
    const response = await fetch(`${results.api.restUrl}/rpc/${name}`, {
      method: "POST",
      headers: { apikey: results.api.anonKey, authorization: `Bearer ${localAccessToken(TEAM.analyst.email)}`, "content-type": "application/json" },
      body: JSON.stringify(args),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const report = async (source: DataSource, filters: ReadFilters = { where: {} }, config = survey) => {
    const written = await writeSurveyReport(config, source, filters, mkdtempSync(join(tmpdir(), "report-other-codes-")), { language: "pt-BR", now: new Date("2026-12-02T12:00:00Z") });
    return openReport(readFileSync(written.html, "utf8"));
  };
  const api = (): DataSource => ({ url: results.api.url, serviceKey: results.api.serviceRoleKey });
  const field = (document: Document, id: string) => document.querySelector(`section[data-field="${id}"]`)!;

  beforeAll(async () => {
    results = await startResultsApi(backend);
    for (const [text, source] of GENDERS) await sendResponse(results.api, survey.table, { ...validRow(survey), genero: "Otro", genero_outro: text, utm_source: source });
    for (const text of NETWORKS) await sendResponse(results.api, survey.table, { ...validRow(survey), redes_sociais: ["Instagram", "Otras"], redes_sociais_outras: text, utm_source: "instagram" });
    const code = (fieldId: string, key: string, value: string | null) => rpc("results_code_other", { survey: survey.id, field: fieldId, text_key: key, code: value });
    await code("generoOutro", "no binario", "No binario");
    await code("generoOutro", "QUEER", "Queer");
    await code("generoOutro", "agenero", "Agénero");
    await rpc("results_undo_other", { survey: survey.id, field: "generoOutro", text_key: "agenero" });
    await code("redesSociaisOutras", "kwai", "Kwai");
  }, 300_000);
  afterAll(() => results?.stop());

  test("each coded field: raw = coded, the answers by code, the choice as given and coded, each text with its code", async () => {
    const document = await report(api());
    expect(shown(document.querySelector("h2#coded-others"))).toBe(words.heading);
    // Only the fields with a code, in the file's order: the countries nobody coded are not read.
    expect([...document.querySelectorAll("section[data-field]")].map((section) => section.getAttribute("data-field"))).toEqual(["generoOutro", "redesSociaisOutras"]);
    const genero = field(document, "generoOutro");
    expect(shown(genero.querySelector("h3"))).toBe(title("genero"));
    expect(shown(genero.querySelector("[role=status]"))).toBe(words.totals.replace("{raw}", "9").replace("{coded}", "9"));
    const byCode = tableRows(genero, "table.codes");
    expect(byCode).toEqual([["No binario", "4"], ["Queer", "3"], [words.uncoded, "2"]]);
    expect(byCode.reduce((sum, [, answers]) => sum + Number(answers), 0)).toBe(GENDERS.length);
    // validRow answers the first option: the three responses startResultsApi sends, and the four with another network.
    expect(tableRows(genero, "table:not(.codes):not(.texts)")).toEqual([["Masculino", "7", "7"], ["No binario", "0", "4"], ["Otro", "9", "2"], ["Queer", "0", "3"]]);
    expect(tableRows(genero, "table.texts")).toEqual([["No binario", "4", "No binario"], ["Queer", "3", "Queer"], ["Agénero", "1", words.uncoded], ["prefiero describirme", "1", words.uncoded]]);
    // An option as a code is the survey's word; a new code is the team's.
    expect(genero.querySelector("table.codes tbody tr:first-child th [lang='es']")).not.toBeNull();
    expect(genero.querySelector("table.codes tbody tr:nth-child(2) th [lang]")).toBeNull();
    const networks = field(document, "redesSociaisOutras");
    expect(shown(networks.querySelector("[role=status]"))).toBe(words.totals.replace("{raw}", "4").replace("{coded}", "4"));
    expect(tableRows(networks, "table.codes")).toEqual([["Kwai", "3"], [words.uncoded, "1"]]);
    expect(networks.querySelectorAll("table").length).toBe(2);
  });

  test("under the report's filters, and the same through DATABASE_URL", async () => {
    const filtered = await report(api(), { where: { utm_source: "instagram" } });
    expect(tableRows(field(filtered, "generoOutro"), "table.codes")).toEqual([["No binario", "2"], ["Queer", "1"], [words.uncoded, "1"]]);
    expect(tableRows(field(filtered, "redesSociaisOutras"), "table.codes")).toEqual([["Kwai", "3"], [words.uncoded, "1"]]);
    const direct = await report({ ...api(), databaseUrl: results.api.dbUrl });
    expect(direct.querySelector("main > section:last-of-type")!.outerHTML).toBe((await report(api())).querySelector("main > section:last-of-type")!.outerHTML);
  });

  test("--crosstab of the coded answers counts each \"other\" answer under its current code, as given beside it", async () => {
    const crosstab = async (rows: string) => {
      const written = await writeSurveyReport(survey, api(), { where: {} }, mkdtempSync(join(tmpdir(), "report-other-codes-")), { language: "pt-BR", crosstabs: crosstabsFor(survey, { crosstabs: [[rows, "~hidden/utm_source"]] }) });
      return readFileSync(written.crosstabCsvs[0]!, "utf8");
    };
    const [coded, given] = [await crosstab("genero/coded"), await crosstab("genero")];
    // A row's total line (crosstabCsv): its label, "Total", its base, three empty cells, its base again. Every "other" answer here has a utm_source.
    const base = (csv: string, row: string) => Number(new RegExp(`^${row},[^,\\n]*,(\\d+),,,,\\1,\\r?$`, "m").exec(csv)?.[1] ?? 0);
    // Coded: "No binario" 4, "Queer" 3, the two texts left uncoded still "Otro"; as given, all nine are "Otro" and there is no "Queer".
    expect([base(coded, "No binario"), base(coded, "Queer"), base(coded, "Otro")]).toEqual([4, 3, 2]);
    expect([base(given, "Queer"), base(given, "Otro")]).toEqual([0, 9]);
  });

  test("a survey nobody has coded has no such section", async () => {
    const document = await report(api(), { where: {} }, shippedSurvey("medical-form"));
    expect(document.querySelector("#coded-others")).toBeNull();
    expect(document.querySelectorAll("section[data-question]").length).toBeGreaterThan(5);
  });
});
