// The results site's cross-tab through PostgREST, with tokens as Supabase
// Auth mints them: the same counts as report.crosstab through the service
// key, the site's filters applied, a personal question refused as a row or
// a column without the grant, and a viewer shown no count under the
// survey's minimum group. medical-form runs here as a variant whose genero
// is personal and whose minimumGroup is 3, with 15 more responses.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { teamSurveySql } from "../../scripts/sql/team-survey-sql.ts";
import { axesRow } from "../../src/report/crosstab/axes.ts";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import { crosstabsFor, trendsFor } from "../../scripts/report/options.ts";
import { shippedSurvey, validRow } from "../support/survey-rows.ts";
import { sendResponse, startResultsApi, TEAM, type ResultsApi } from "../support/results-api.ts";

const base = shippedSurvey("medical-form");
const VARIANT = { ...base, minimumGroup: 3, questions: base.questions.map((question) => (question.id === "genero" ? { ...question, personal: true } : question)) };
const CITIES = ["Argentina", "Argentina", "Argentina", "Argentina", "Bolivia", "Bolivia", "Cuba"];

let results: ResultsApi;
let tokens: Record<"viewer" | "analyst" | "personal", string>;

beforeAll(async () => {
  results = await startResultsApi("PGlite", [teamSurveySql(VARIANT).join("\n\n")]);
  for (let i = 0; i < 15; i++) {
    await sendResponse(results.api, base.table, { ...validRow(base), cidade: CITIES[i % CITIES.length], empreender: i % 3 === 0 ? "No es algo que me atraiga ahora" : "Sí, es un objetivo claro", utm_source: i < 10 ? "tiktok" : "ig" });
  }
  tokens = { viewer: localAccessToken(TEAM.viewer.email), analyst: localAccessToken(TEAM.analyst.email), personal: localAccessToken(TEAM.personal.email) };
}, 120_000);
afterAll(() => results?.stop());

async function rpc(token: string, name: string, args: object, profile?: string) {
  const response = await fetch(`${results.api.restUrl}/rpc/${name}`, {
    method: "POST",
    headers: { apikey: results.api.anonKey, authorization: `Bearer ${token}`, "content-type": "application/json", ...(profile && { "content-profile": profile }) },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  return { status: response.status, body: response.ok ? (JSON.parse(text) as Record<string, unknown>) : text };
}

const crosstab = (who: keyof typeof tokens, row_axis: string, column_axis: string, filters: object = {}) => rpc(tokens[who], "results_crosstab", { survey: "medical-form", row_axis, column_axis, filters });

describe("results_crosstab", () => {
  test("an analyst's counts are report.crosstab's, through the service key, under the same filters", async () => {
    const axes = axesRow(VARIANT);
    for (const [rows, columns, filters, where] of [["cidade", "empreender", {}, {}], ["redesSociais", "~hidden/utm_source", { hidden: { utm_source: "tiktok" } }, { utm_source: "tiktok" }]] as const) {
      const { status, body } = await crosstab("analyst", rows, columns, filters);
      expect(status, JSON.stringify(body)).toBe(200);
      const request = { table: base.table, filters: where, since: null, until: null, dayZone: "America/Sao_Paulo" };
      const report = await rpc(results.api.serviceRoleKey, "crosstab", { survey: request, row_axis: axes[rows], column_axis: axes[columns] }, "report");
      const { rowAxis, columnAxis, role, personal, ...counts } = body as Record<string, unknown>;
      expect([rowAxis, columnAxis, role, personal]).toEqual([rows, columns, "analyst", false]);
      expect(counts).toEqual(report.body);
    }
    const all = (await crosstab("analyst", "cidade", "empreender")).body as { total: number; rowBases: Record<string, number> };
    expect(all.total).toBe(18);
    expect(all.rowBases.Argentina).toBeGreaterThanOrEqual(9);
    expect(((await crosstab("analyst", "cidade", "empreender", { hidden: { utm_source: "ig" } })).body as { total: number }).total).toBe(5);
  });

  test("a personal question is no row and no column without the grant", async () => {
    for (const who of ["viewer", "analyst"] as const) {
      const refused = await crosstab(who, "genero", "cidade");
      expect([refused.status, String(refused.body).includes("results/personalAxis")]).toEqual([403, true]);
      expect((await crosstab(who, "cidade", "genero")).status).toBe(403);
    }
    const granted = await crosstab("personal", "genero", "cidade");
    expect(granted.status).toBe(200);
    expect((granted.body as { total: number }).total).toBe(18);
  });

  test("a viewer sees no cell nor base under the minimum group, and of a view smaller than it only that it is", async () => {
    const analyst = (await crosstab("analyst", "cidade", "empreender")).body as { cells: [string, string, number][]; rowBases: Record<string, number> };
    const viewer = (await crosstab("viewer", "cidade", "empreender")).body as { cells: [string, string, number][]; rowBases: Record<string, number>; hidden: number };
    expect(analyst.cells.some(([, , n]) => n < 3)).toBe(true);
    expect(viewer.hidden).toBe(3);
    expect(viewer.cells).toEqual(analyst.cells.filter(([, , n]) => n >= 3));
    expect(viewer.rowBases).toEqual(Object.fromEntries(Object.entries(analyst.rowBases).filter(([, n]) => n >= 3)));
    const small = (await crosstab("viewer", "cidade", "empreender", { hidden: { utm_source: "nobody" } })).body;
    const { updatedAt, ...rest } = small as Record<string, unknown>;
    expect([typeof updatedAt, rest]).toEqual(["string", { belowMinimumGroup: 3, role: "viewer", personal: false, rowAxis: "cidade", columnAxis: "empreender" }]);
  });

  test("an axis is named by its id only: columns, tables and unknown ids are refused", async () => {
    for (const axis of ["cidade_x", "cidade", "nome_completo", "nomeCompleto", "public.medical_form_responses", ""]) {
      const { status, body } = await crosstab("analyst", axis, "empreender");
      expect([status, axis === "cidade" || String(body).includes("results/unknownAxis")]).toEqual([axis === "cidade" ? 200 : 400, true]);
    }
  });

  test("npm run report's --crosstab: the same counts in a section of the HTML, through the service key", async () => {
    const out = mkdtempSync(join(tmpdir(), "report-crosstab-"));
    const crosstabs = crosstabsFor(base, { crosstabs: [["cidade", "empreender"]] });
    const trends = trendsFor(base, { trends: [["cidade", "month"]] });
    const written = await writeSurveyReport(base, { url: results.api.url, serviceKey: results.api.serviceRoleKey }, { where: {} }, out, { language: "pt-BR", crosstabs, trends });
    const html = readFileSync(written.html, "utf8");
    const analyst = (await crosstab("analyst", "cidade", "empreender")).body as { rowBases: Record<string, number>; total: number };
    expect(html).toContain("<h2 id=\"crosstab-0\">Cruzamento</h2>");
    expect(html).toMatch(new RegExp(`Argentina <span class="base">base ${analyst.rowBases.Argentina}</span>`));
    expect(html).toMatch(new RegExp(`<tr role="row" class="totals">.*<td role="cell" data-label="Total">${analyst.total}</td></tr>`));
    // The cross-tab's CSV beside the report: the same numbers as its table.
    expect(written.crosstabCsvs).toEqual([join(out, "medical-form-cidade-x-empreender.csv")]);
    const csv = readFileSync(written.crosstabCsvs[0]!, "utf8");
    expect(csv).toContain(`\nArgentina,Total,${analyst.rowBases.Argentina},`);
    expect(csv).toContain(`\nTotal,Total,${analyst.total},`);
    // --trend: the question this month against the previous one, then every month.
    expect(html).toContain("<h2 id=\"trend-0\">Evolução</h2>");
    expect(html).toMatch(/<caption>[^<]*: \d{4}-\d{2} contra \d{4}-\d{2}<\/caption>/);
    expect(() => trendsFor(base, { trends: [["~week", "week"]] })).toThrow(/--trend ~week: not a question of medical-form/);
    expect(() => crosstabsFor(base, { crosstabs: [["cidade", "nomeCompleto"]] })).toThrow(/--crosstab nomeCompleto: not a row or column of medical-form \(known: idade, genero/);
    // The coded "other" answers are an axis of the report too: counted under the team's codes (tests/integration/report-other-codes.test.ts).
    expect(crosstabsFor(base, { crosstabs: [["genero/coded", "cidade"]] })[0]![0]).toMatchObject({ id: "genero/coded", kind: "coded" });
    expect(() => trendsFor(base, { trends: [["genero/coded", "week"]] })).toThrow(/--trend genero\/coded: not a question of medical-form/);
  });
});

