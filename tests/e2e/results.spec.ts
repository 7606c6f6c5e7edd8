/**
 * The results site (/resultados) in Chromium, signed in with the links
 * `npm start` prints (sessions minted with the local secret, as Supabase
 * Auth mints them): what a viewer, an analyst without the personal-data
 * grant and an owner see and do not see; a new response appearing without
 * a reload; a filter in the address reopening the same view; the export's
 * rows equal to the list's; axe at 360 and 1280 px; for a survey with
 * partial responses and a channel (a stack of its own), the finished /
 * unfinished filter, the owner's channel state and the filter by the version
 * of the definition (the analysis views are in results-analysis.spec.ts). Each test seeds its own
 * responses under a campaign of its own (utm_campaign) and filters on it:
 * other specs share the database.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ANON_KEY } from "../../scripts/data-api/keys.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { psql } from "../../scripts/data-api/psql.ts";
import { minimumGroup } from "../../scripts/sql/team-survey-sql.ts";
import { partialFunctionName } from "../../src/core/partial-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { validRow } from "../support/survey-rows.ts";
import { axeViolations } from "./support/axe.ts";
import type { SharedStack } from "./support/env.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { stackForSpec } from "./support/spec-stack.ts";
import { DESKTOP, PHONE, expect, test } from "./support/test.ts";
import { FIRST_VIEW, NAME, TEAM, addTeam, api, config, respond, run, seed, signIn, stat } from "./support/results-site.ts";

test.beforeAll(({ stack }) => addTeam(stack));

test("a viewer sees the numbers, no responses link and no free texts; a new response appears without a reload", async ({ page, stack }) => {
  // A viewer sees numbers only for a group of at least the survey's minimumGroup (smaller: results-zone.spec).
  const group = minimumGroup(config);
  const campaign = await seed(stack, Array.from({ length: group }, (_, index) => (index % 2 ? "Femenino" : "Masculino")));
  await signIn(page, stack.baseURL, TEAM.viewer.email, `utm_campaign=${campaign}`);
  await expect(stat(page, "responses")).toHaveText(String(group), FIRST_VIEW);
  await expect(page.getByText(/atualizado às \d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Números" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Respostas" })).toHaveCount(0);
  await expect(page.locator(".texts")).toHaveCount(0);
  await expect(page.getByText(NAME)).toHaveCount(0);
  // The site's address carries no token once supabase-js has read it (it loads once the first figures are painted),
  // and the session it persisted opens the site again without the link.
  await expect(page).not.toHaveURL(/access_token/);
  await page.reload();
  await expect(stat(page, "responses")).toHaveText(String(group));
  await respond(stack, campaign);
  // What the page does when its tab is shown again (and every 30 s while it is visible).
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(stat(page, "responses")).toHaveText(String(group + 1));
});

test("an analyst without the grant lists the responses, opens one without its name, and exports the same rows", async ({ page, stack }) => {
  const campaign = await seed(stack, ["Masculino", "Femenino", "Otro"]);
  await signIn(page, stack.baseURL, TEAM.analyst.email, `view=responses&utm_campaign=${campaign}`);
  const items = page.locator(".responses li");
  await expect(items).toHaveCount(3, FIRST_VIEW);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.trim().split("\n");
  expect(lines.length - 1).toBe(await items.count());
  expect(csv).not.toContain(NAME);
  await items.first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: /Resposta / })).toBeVisible();
  await expect(page.getByText(config.questions.find((question) => question.id === "genero")!.title, { exact: true })).toBeVisible();
  await expect(page.getByText(campaign)).toBeVisible();
  await expect(page.getByText(NAME)).toHaveCount(0);
  await page.getByRole("button", { name: /Voltar à lista/ }).click();
  await expect(items).toHaveCount(3);
});

test("a filter picked on a bar goes into the address, and the address reopens the same view", async ({ page, context, stack }) => {
  const campaign = await seed(stack, ["Masculino", "Masculino", "Femenino"]);
  await signIn(page, stack.baseURL, TEAM.analyst.email, `utm_campaign=${campaign}`);
  await expect(stat(page, "responses")).toHaveText("3", FIRST_VIEW);
  await page.getByRole("button", { name: "Filtrar por Femenino" }).click();
  await expect(stat(page, "responses")).toHaveText("1");
  expect(new URL(page.url()).searchParams.get("q.genero")).toBe("Femenino");
  const again = await context.newPage();
  await again.goto(page.url());
  await expect(stat(again, "responses")).toHaveText("1");
  await expect(again.getByRole("button", { name: "Filtrar por Femenino" })).toHaveAttribute("aria-pressed", "true");
  await again.getByRole("link", { name: "Respostas" }).click();
  await expect(again.locator(".responses li")).toHaveCount(1);
});

test("a date range (Desde, Até) goes into the address and drives the numbers and the list", async ({ page, stack }) => {
  const campaign = await seed(stack, ["Masculino", "Femenino"]);
  // Days around today in any time zone the survey may count in, and a range that ended before.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await signIn(page, stack.baseURL, TEAM.analyst.email, `utm_campaign=${campaign}&from=${day(-2)}&until=${day(2)}`);
  await expect(stat(page, "responses")).toHaveText("2", FIRST_VIEW);
  await expect(page.getByLabel("Até", { exact: true })).toHaveValue(day(2));
  await page.getByLabel("Até", { exact: true }).fill(day(-3));
  await page.getByLabel("Desde", { exact: true }).fill(day(-4));
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(stat(page, "responses")).toHaveText("0");
  expect(new URL(page.url()).searchParams.get("until")).toBe(day(-3));
  await page.getByRole("link", { name: "Respostas" }).click();
  await expect(page.getByText("Nenhuma resposta")).toBeVisible();
});

test("an owner manages the team; a signed-in stranger sees that they are not a member", async ({ page, browser, stack }) => {
  await signIn(page, stack.baseURL, TEAM.owner.email, "view=members");
  // The members' list (the team's history below it names them too).
  const members = page.getByRole("list", { name: "Equipe", exact: true }).getByRole("listitem");
  await expect(members.filter({ hasText: TEAM.viewer.email })).toBeVisible(FIRST_VIEW);
  const newcomer = `novo-${run}@equipe.test`;
  await page.getByLabel("E-mail").fill(newcomer);
  await page.getByLabel("Papel").selectOption("analyst");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(members.filter({ hasText: newcomer })).toContainText("analista");
  await page.getByRole("button", { name: `Remover ${newcomer}` }).click();
  await expect(members.filter({ hasText: newcomer })).toHaveCount(0);

  const stranger = await browser.newPage();
  await signIn(stranger, stack.baseURL, `stranger-${run}@example.test`, "");
  await expect(stranger.getByRole("heading", { name: "Você não faz parte da equipe" })).toBeVisible();
  await stranger.close();
});

test("axe finds nothing on the numbers, the responses and the team, at 360 and 1280 px, and the keyboard reaches the filters", async ({ page, stack }) => {
  const campaign = await seed(stack, ["Masculino", "Femenino"]);
  await signIn(page, stack.baseURL, TEAM.owner.email, `utm_campaign=${campaign}`);
  await expect(stat(page, "responses")).toHaveText("2", FIRST_VIEW);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    for (const view of ["Números", "Respostas", "Equipe"]) {
      await page.getByRole("link", { name: view }).click();
      await expect(page.getByRole("link", { name: view })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("status").filter({ hasText: /Carregando/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${view} fits ${size.width} px`).toBeLessThanOrEqual(size.width);
      expect(await axeViolations(page), `${view} at ${size.width} px`).toBe("");
    }
  }
  await page.getByRole("link", { name: "Números" }).click();
  await page.getByRole("link", { name: "Números" }).focus();
  let reached = false;
  for (let step = 0; step < 12 && !reached; step += 1) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.getAttribute("name") === "from");
  }
  expect(reached, "Tab reaches the date filter").toBe(true);
});

test("the cross-tab: rows and columns chosen by keyboard, a table with the bases and shares, its CSV, and the change over time by week; no horizontal scroll and axe clean at 360 and 1280 px", async ({ page, stack }) => {
  const campaign = await seed(stack, ["Masculino", "Femenino", "Masculino"]);
  await signIn(page, stack.baseURL, TEAM.owner.email, `view=crosstab&rows=pais&cols=genero&utm_campaign=${campaign}`);
  const table = page.getByRole("table", { name: /País.*×.*género/i });
  await expect(table).toBeVisible();
  const brasil = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Brasil/ }) });
  await expect(brasil.getByRole("cell").nth(0)).toContainText("2");
  await expect(brasil.getByRole("cell").last()).toHaveText("3");
  await expect(table.getByRole("columnheader", { name: /Masculino \(a\) base 2/ })).toBeVisible();
  // The table as CSV: the same numbers.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar CSV desta tabela" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv).toMatch(/^\uFEFF.*contagem/);
  expect(csv).toContain("Brasil,Masculino,2,1,");
  expect(csv).toContain("Total,Total,3,");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the cross-tab fits ${size.width} px`).toBeLessThanOrEqual(size.width);
    expect(await axeViolations(page), `cross-tab at ${size.width} px`).toBe("");
  }
  // Columns by keyboard: Tab to the select, an arrow picks the next one (género with its "other" answers coded), the next país; the address keeps it.
  await page.getByRole("combobox", { name: "Linhas" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Colunas" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/cols=genero%2Fcoded(&|$)/);
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/cols=pais(&|$)/);
  await expect(page.getByRole("table", { name: /país.*×.*país/i })).toBeVisible();
  await page.getByRole("button", { name: "Trocar linhas e colunas" }).press("Enter");
  await expect(page).toHaveURL(/rows=pais.*cols=pais|cols=pais.*rows=pais/);
  // The change over time of a question, by week: this week against the previous one, then every week.
  await page.getByRole("link", { name: "Evolução" }).click();
  await page.getByRole("combobox", { name: "Pergunta" }).selectOption("genero");
  const trend = page.getByRole("table", { name: /género.*semana de \d{4}-\d{2}-\d{2} contra semana de/i });
  await expect(trend.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Masculino" }) }).getByRole("cell").nth(1)).toContainText("66,7% (2 de 3)");
  await expect(trend.getByRole("cell", { name: "sem teste: base menor que 30" }).first()).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the trend fits ${size.width} px`).toBeLessThanOrEqual(size.width);
    expect(await axeViolations(page), `trend at ${size.width} px`).toBe("");
  }
});

// A survey with partial responses and a webhook channel, on a stack of its own (tests/fixtures/surveys/results-partial).
test.describe("a survey with partial responses and a notification channel", () => {
  const dir = join(REPO_ROOT, "tests/fixtures/surveys/results-partial");
  const partial = loadSurveys(dir).surveys[0]!.config as SurveyConfig;
  const spec = stackForSpec({ surveysDir: dir }, 360_000);
  const address = `survey=${partial.id}`;

  test.beforeAll(async () => {
    const stack: SharedStack = { baseURL: spec.stack.baseURL, apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey };
    await addTeam(stack);
    // Two finished responses and one left after its first answer, saved as the survey page saves them.
    const rows = [{ ...validRow(partial), finished: true }, { ...validRow(partial), finished: true }, { nome_completo: "Sin terminar", last_step: "nomeCompleto", definition_version: definitionVersion(partial) }];
    for (const row of rows) {
      await api(stack, `rpc/${partialFunctionName(partial.table, "save")}`, { method: "POST", key: ANON_KEY, body: { response: { ...row, id: randomUUID() }, secret: randomUUID().replaceAll("-", "") } });
    }
  });

  test("the finished and unfinished are counted apart, and the filter kept in the address shows the unfinished alone", async ({ page, context }) => {
    await signIn(page, spec.stack.baseURL, TEAM.analyst.email, address);
    await expect(stat(page, "responses")).toHaveText("3", FIRST_VIEW);
    await expect(stat(page, "finished")).toHaveText("2");
    await expect(stat(page, "unfinished")).toHaveText("1");
    await page.locator("summary", { hasText: "Filtros" }).click();
    await page.getByLabel("Situação").selectOption({ label: "Não concluídas" });
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(stat(page, "responses")).toHaveText("1");
    await expect(stat(page, "finished")).toHaveText("0");
    expect(new URL(page.url()).searchParams.get("finished")).toBe("false");
    const again = await context.newPage();
    await again.goto(page.url());
    await expect(stat(again, "responses")).toHaveText("1");
    await expect(again.getByLabel("Situação")).toHaveValue("false");
    // The analyst sees no channel: no link, and the address falls back to the numbers.
    await expect(again.getByRole("link", { name: "Notificações" })).toHaveCount(0);
    await signIn(again, spec.stack.baseURL, TEAM.analyst.email, `${address}&view=channels`);
    await expect(stat(again, "responses")).toHaveText("3");
    await expect(again.getByRole("heading", { name: "Notificações" })).toHaveCount(0);
  });

  test("an owner sees each channel's state, and axe finds nothing there at 360 and 1280 px", async ({ page }) => {
    await signIn(page, spec.stack.baseURL, TEAM.owner.email, address);
    await page.getByRole("link", { name: "Notificações" }).click();
    const crm = page.locator('[data-channel="crm"]');
    await expect(crm.getByRole("heading")).toHaveText("crm · webhook", FIRST_VIEW);
    // No worker runs beside this stack: each finished response's event waits; the unfinished one has none yet
    // (a partial response is notified when the save that finishes it comes).
    await expect(crm.locator('[data-stat="pending"] dd')).toHaveText("2");
    await expect(crm.locator('[data-stat="dead"] dd')).toHaveText("0");
    await expect(crm.locator('[data-stat="state"] dd')).toHaveText("funcionando");
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      expect(await axeViolations(page), `channels at ${size.width} px`).toBe("");
    }
  });

  test("once an earlier version of the definition is published, the filter picks its respondents alone, kept in the address", async ({ page, context }) => {
    // As a migration of an earlier edit would have published it, with one response of a respondent who saw it.
    const earlier = "0123456789abcdef";
    await psql(spec.stack.api.dbUrl, [], `insert into report.definition_versions (survey_table, version, labels, published_at) values ('${partial.table}', '${earlier}', '{}', '2026-11-02T15:30:00Z');`);
    const stack: SharedStack = { baseURL: spec.stack.baseURL, apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey };
    await api(stack, partial.table, { method: "POST", body: { ...validRow(partial), finished: true, definition_version: earlier } });
    await signIn(page, spec.stack.baseURL, TEAM.analyst.email, address);
    await expect(stat(page, "responses")).toHaveText("4", FIRST_VIEW);
    await page.locator("summary", { hasText: "Filtros" }).click();
    const version = page.getByLabel("Versão do questionário");
    await expect(version.locator("option")).toHaveText(["Todos", /^publicada em .* \(01234567\)$/, new RegExp(`^publicada em .* \\(${definitionVersion(partial).slice(0, 8)}\\)$`)]);
    await version.selectOption(earlier);
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(stat(page, "responses")).toHaveText("1");
    expect(new URL(page.url()).searchParams.get("version")).toBe(earlier);
    const again = await context.newPage();
    await again.goto(page.url());
    await expect(stat(again, "responses")).toHaveText("1");
    await expect(again.getByLabel("Versão do questionário")).toHaveValue(earlier);
  });
});
