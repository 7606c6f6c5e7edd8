/**
 * The definition's version across a deploy, in Chromium (issue 58 item 1):
 * a respondent starts the survey built from version 1, an option is renamed
 * and the site rebuilt (version 2) and served at the same address, the
 * reload restores the draft under the new label, and the submit stores the
 * version the draft started on, with the build's commit. A respondent of
 * version 2 stores version 2. The report, opened in Chromium, shows each
 * version's response under the label that version had. The database has the
 * migrations of both versions, as after the deploy.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import { applyMigration, emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { serveDist } from "../../scripts/serve-dist.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { rowsByName } from "./support/db.ts";
import { build, close } from "./support/stack.ts";
import { expect, test } from "./support/test.ts";

const v1 = {
  id: "versioned-form", route: "/versioned", table: "versioned_responses", language: "es", pageTitle: "Versiones", professionalName: "nuestro equipo",
  questions: [
    { id: "nomeCompleto", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: true },
    { id: "canal", type: "radio", title: "¿Cómo nos conociste?", emoji: "📣", required: true, options: [{ value: "redes", label: "Redes sociales" }, { value: "amigo", label: "Un amigo" }] },
  ],
} as SurveyConfig;
const v2 = structuredClone(v1);
Object.assign(v2.questions[1]!, { options: [{ value: "redes", label: "Instagram o TikTok" }, { value: "amigo", label: "Un amigo" }] });

test.use({ reducedMotion: "reduce" });
test.describe.configure({ mode: "serial" });

const scratch = mkdtempSync(join(tmpdir(), "e2e-versions-"));
const dirs = { v1: join(scratch, "v1"), v2: join(scratch, "v2"), migrations: join(scratch, "migrations"), out1: join(scratch, "out1"), out2: join(scratch, "out2") };
let api: DataApi;
let server: Server | undefined;
let port = 0;
const access = () => ({ apiUrl: api.url, serviceRoleKey: api.serviceRoleKey });

/** Serves `outDir` at the one address the test uses (a free port first, then the same one again). */
async function serve(outDir: string): Promise<string> {
  if (server) await close(server);
  server = await serveDist(outDir, port, "127.0.0.1", { brotliQuality: 5 });
  port = (server.address() as AddressInfo).port;
  return `http://127.0.0.1:${port}`;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  for (const [dir, config] of [[dirs.v1, v1], [dirs.v2, v2]] as const) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${config.id}.json`), JSON.stringify({ $schema: "./survey.schema.json", ...config }, null, 2));
  }
  mkdirSync(dirs.migrations);
  const state = emptyDbState();
  for (const config of [v1, v2]) {
    for (const { name, content } of planMigrations([{ file: "surveys/versioned-form.json", config }], state).migrations) {
      writeFileSync(join(dirs.migrations, name), content);
      applyMigration(state, name, content);
    }
  }
  api = await startDataApi({ port: 0, dataDir: null, quiet: true, migrationsDir: dirs.migrations });
  await build(dirs.out1, api, dirs.v1);
  await build(dirs.out2, api, dirs.v2);
});

test.afterAll(async () => {
  if (server) await close(server);
  await api?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test("a draft started on version 1 is resumed after the deploy under version 2's label and stored with version 1; the report shows each version's own label", async ({ page }) => {
  test.setTimeout(120_000);
  let address = await serve(dirs.out1);
  await page.goto(`${address}/versioned`);
  await page.getByRole("textbox").fill("Ana Versión");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("radio", { name: "Redes sociales" })).toBeVisible();
  // The draft is written after a pause; it holds the version the page was built with.
  await expect.poll(async () => page.evaluate(() => localStorage.getItem("survey-draft:versioned-form") ?? ""), { timeout: 10_000 }).toContain(definitionVersion(v1));

  address = await serve(dirs.out2);
  await page.reload();
  await expect(page.getByRole("radio", { name: "Instagram o TikTok" })).toBeVisible();
  await page.getByRole("radio", { name: "Instagram o TikTok" }).check();
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page).toHaveURL(/\/versioned\/thank-you$/, { timeout: 15_000 });

  await expect.poll(async () => (await rowsByName(access(), v1.table, "Ana Versión")).length, { timeout: 10_000 }).toBe(1);
  const [resumed] = await rowsByName(access(), v1.table, "Ana Versión");
  expect(resumed).toMatchObject({ canal: "redes", definition_version: definitionVersion(v1), definition_commit: expect.stringMatching(/^[0-9a-f]{40}$/) });

  // A new respondent of the rebuilt site: version 2.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${address}/versioned`);
  await page.getByRole("textbox").fill("Bea Versión");
  await page.keyboard.press("Enter");
  await page.getByRole("radio", { name: "Un amigo" }).check();
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page).toHaveURL(/\/versioned\/thank-you$/, { timeout: 15_000 });
  await expect.poll(async () => (await rowsByName(access(), v1.table, "Bea Versión"))[0]?.definition_version, { timeout: 10_000 }).toBe(definitionVersion(v2));

  mkdirSync(join(scratch, "report"));
  const written = await writeSurveyReport(v2, { url: api.url, serviceKey: api.serviceRoleKey }, { where: {} }, join(scratch, "report"), { language: "pt-BR" });
  // Away from the site first: its Content-Security-Policy would otherwise still govern the report's own stylesheet.
  await page.goto("about:blank");
  await page.setContent(readFileSync(written.html, "utf8"));
  const byVersion = page.getByRole("region", { name: "Por versão do questionário" });
  await expect(byVersion.getByRole("cell").filter({ hasText: "Redes sociales: 100,0% (1 de 1)" })).toBeVisible();
  await expect(byVersion.getByRole("cell").filter({ hasText: "Instagram o TikTok: 0,0% (0 de 1)" })).toBeVisible();
  await expect(byVersion.getByRole("cell").filter({ hasText: "Un amigo: 100,0% (1 de 1)" })).toBeVisible();
});
