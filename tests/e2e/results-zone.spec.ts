/**
 * The results site in Chromium on a survey with a time zone and a personal
 * choice question (tests/fixtures/surveys/personal-choice, a stack of its
 * own): at 360 px nothing is wider than the screen although the first and
 * last responses' cards end in "America/Sao_Paulo"; the days are named by
 * that zone; an analyst without the grant sees the personal question as
 * restricted, not as options at 0; a viewer's narrow view says why it has no
 * questions; an owner reads who changed the team on the members page.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { localSignInLink } from "../../scripts/team/local-session.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { validRow } from "../support/survey-rows.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { stackForSpec } from "./support/spec-stack.ts";
import { PHONE, expect, test } from "./support/test.ts";

const dir = join(REPO_ROOT, "tests/fixtures/surveys/personal-choice");
const config = loadSurveys(dir).surveys[0]!.config as SurveyConfig;
const spec = stackForSpec({ surveysDir: dir }, 360_000);
const run = randomUUID().slice(0, 8);
const TEAM = {
  viewer: { email: `viewer-${run}@equipe.test`, role: "viewer", personal: false },
  analyst: { email: `analyst-${run}@equipe.test`, role: "analyst", personal: false },
  owner: { email: `owner-${run}@equipe.test`, role: "owner", personal: false },
};

async function post(path: string, body: unknown): Promise<void> {
  const key = spec.stack.api.serviceRoleKey;
  const response = await fetch(`${spec.stack.api.url}/rest/v1/${path}`, {
    method: "POST",
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json", prefer: "return=minimal,resolution=merge-duplicates" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

const signIn = (page: Page, email: string, query = "") =>
  page.goto(localSignInLink(spec.stack.baseURL, email, { projectUrl: spec.stack.api.url }).replace("/resultados#", `/resultados/?survey=${config.id}&${query}#`));
const stat = (page: Page, id: string) => page.locator(`#stat-${id} dd`);

test.beforeAll(async () => {
  await post("team_members", Object.values(TEAM));
  const rows = ["Argentina", "Argentina", "Argentina", "Argentina", "Argentina", "Cuba"].map((pais, index) => ({ ...validRow(config), pais, created_at: `2026-03-0${index + 1}T12:00:00Z` }));
  await post(config.table, rows);
});

test("at 360 px the page is no wider than the screen, and the days are named by the survey's zone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, TEAM.analyst.email);
  await expect(stat(page, "responses")).toHaveText("6");
  await expect(stat(page, "first")).toContainText("America/Sao_Paulo");
  await expect(page.getByRole("columnheader", { name: "Dia (America/Sao_Paulo)" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("an analyst without the grant sees the personal choice question as restricted, not its options at 0", async ({ page }) => {
  await signIn(page, TEAM.analyst.email);
  const religiao = page.locator('[data-question="religiao"]');
  await expect(religiao).toContainText("n = 6 responderam");
  await expect(religiao).toContainText("Dados pessoais: as respostas desta pergunta aparecem só para quem tem a permissão de dados pessoais.");
  await expect(religiao.getByRole("table")).toHaveCount(0);
  await expect(page.locator('[data-question="pais"]').getByRole("table")).toContainText("Argentina");
});

test("a viewer's view of fewer than minimumGroup responses shows no number, only why; a refused filter is said in Portuguese", async ({ page }) => {
  await signIn(page, TEAM.viewer.email, "q.pais=Cuba");
  await expect(page.locator("#numbers-withheld")).toContainText("Este recorte tem menos de 3 respostas.");
  await expect(page.getByRole("heading", { name: "Recorte pequeno demais" })).toBeVisible();
  await expect(page.locator("[data-question], [id^=stat-]")).toHaveCount(0);
  // The rating question takes no answer filter: the database refuses, and the page says why in the team's words.
  await signIn(page, TEAM.viewer.email, "q.nota=4");
  await expect(page.getByRole("alert")).toContainText("Um filtro de resposta leva uma pergunta de escolha única e uma das suas opções.");
  await expect(page.getByRole("alert")).not.toContainText("answer filters");
});

test("an owner reads on the members page who changed the team, and when", async ({ page }) => {
  await signIn(page, TEAM.owner.email, "view=members");
  const newcomer = `novo-${run}@equipe.test`;
  await page.getByLabel("E-mail").fill(newcomer);
  await page.getByLabel("Papel").selectOption("analyst");
  await page.getByRole("button", { name: "Salvar" }).click();
  const log = page.locator("#member-log li");
  await expect(log.first()).toContainText(`${TEAM.owner.email} adicionou ${newcomer}`);
  await expect(log.first()).toContainText("papel: — → analista");
  // The team as the setup wrote it, by the service key.
  await expect(log.filter({ hasText: `service_role adicionou ${TEAM.viewer.email}` })).toHaveCount(1);
});
