/**
 * The report of a survey whose rows come from two definition versions, end
 * to end through the real PostgREST on PGlite: version 1 is migrated and
 * answered, an option is renamed (the stored value stays), version 2 is
 * migrated and answered, and a page of version 1 still open submits after
 * the deploy. `npm run report`'s pipeline (report.definition_versions, then
 * report.crosstab against ~version) shows each version's responses with its
 * own labels; the rest of the report pools both under today's labels.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { servedSurvey } from "../support/versioned-rows.ts";
import { applyMigration, emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { toRow } from "../../src/core/to-row.ts";
import { uuidV4 } from "../../src/core/uuid.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { rest } from "../support/fixture-api.ts";
import { openReport, shown } from "../support/report-html.ts";

const v1 = {
  id: "versioned", route: "/versioned", table: "versioned_responses", language: "es", pageTitle: "Versiones", professionalName: "X",
  questions: [{ id: "canal", type: "radio", title: "¿Cómo nos conociste?", emoji: "📣", required: true, options: [{ value: "redes", label: "Redes sociales" }, { value: "amigo", label: "Un amigo" }] }],
} as SurveyConfig;
const v2 = structuredClone(v1);
Object.assign(v2.questions[0]!, { title: "¿Por dónde nos conociste?", options: [{ value: "redes", label: "Instagram o TikTok" }, { value: "amigo", label: "Un amigo" }] });

let api: DataApi;
const scratch = mkdtempSync(join(tmpdir(), "report-versions-"));

/** What a page built from `config` sends for `canal`, through the public key. */
const submit = (config: SurveyConfig, canal: string) => {
  const survey = servedSurvey(config);
  return rest(api, "POST", config.table, toRow(survey, { ...openingAnswers(survey, "", uuidV4()), canal }, uuidV4()));
};

beforeAll(async () => {
  // The migrations codegen writes for version 1, then those it writes after the rename: one migration directory, as a deploy leaves it.
  const state = emptyDbState();
  for (const config of [v1, v2]) {
    for (const { name, content } of planMigrations([{ file: "surveys/versioned.json", config }], state).migrations) {
      writeFileSync(join(scratch, name), content);
      applyMigration(state, name, content);
    }
  }
  api = await startDataApi({ port: 0, dataDir: null, quiet: true, migrationsDir: scratch });
  for (const [config, canal] of [[v1, "redes"], [v1, "redes"], [v1, "amigo"], [v2, "redes"], [v2, "amigo"], [v1, "amigo"]] as const) {
    const stored = await submit(config, canal);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  }
}, 180_000);

afterAll(async () => {
  await api?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const report = async (language: string) => {
  const written = await writeSurveyReport(v2, { url: api.url, serviceKey: api.serviceRoleKey }, { where: {} }, mkdtempSync(join(tmpdir(), "report-versions-out-")), { language, now: new Date("2026-12-02T12:00:00Z") });
  return openReport(readFileSync(written.html, "utf8"));
};

describe("the report of a survey answered in two versions", () => {
  test("a response without a version is refused through the API, with the reason", async () => {
    const refused = await rest(api, "POST", v1.table, { id: uuidV4(), canal: "redes" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("versioned_responses: a response must carry the version of the survey's definition (definition_version); the page sends it");
  });

  test("by version, each version's responses under its own labels and title, oldest first (pt-BR)", async () => {
    const document = await report("pt-BR");
    const section = document.querySelector("section[aria-labelledby=by-version]")!;
    expect(section.querySelector("h2")!.textContent).toBe("Por versão do questionário");
    const rows = [...section.querySelectorAll("table tr")].map((row) => [...row.children].map(shown));
    const [first, second] = [definitionVersion(v1), definitionVersion(v2)].map((version) => version.slice(0, 8));
    expect(rows[0]).toEqual(["Resposta (valor guardado)", expect.stringMatching(new RegExp(`^Versão ${first}, publicada em `)), expect.stringMatching(new RegExp(`^Versão ${second}, publicada em `))]);
    expect(rows.slice(1)).toEqual([
      ["redes", "Redes sociales: 50,0% (2 de 4)", "Instagram o TikTok: 50,0% (1 de 2)"],
      ["amigo", "Un amigo: 50,0% (2 de 4)", "Un amigo: 50,0% (1 de 2)"],
    ]);
    expect(shown(section.querySelector("p.meta:last-child"))).toBe(`Na versão ${first} a pergunta era: “¿Cómo nos conociste?”`);
  }, 60_000);

  test("the other sections pool both versions under today's labels", async () => {
    const document = await report("en");
    expect(document.querySelector("section[aria-labelledby=by-version] h2")!.textContent).toBe("By survey version");
    const pooled = shown(document.querySelector('section[data-question="canal"]'));
    expect(pooled).toContain("Instagram o TikTok");
    expect(pooled).not.toContain("Redes sociales");
  }, 60_000);
});
