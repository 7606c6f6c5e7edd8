/**
 * The results site's analysis views in Chromium, signed in as `npm start`'s
 * links sign in: segments (made by keyboard with their live count, side by
 * side, reopened by a teammate from the address; a viewer an owner limits
 * to one on the Equipe page), the themes of free texts
 * and the coding of "other" answers (then a cross-tab by the coded answers), and a share link made and revoked by an
 * owner (its page: aggregates only, small groups withheld, its numbers kept by the browser); each at 360 and
 * 1280 px with axe. Each test seeds its own responses under a campaign of its
 * own (utm_campaign) and filters on it: other specs share the database.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { ANON_KEY } from "../../scripts/data-api/keys.ts";
import { minimumGroup } from "../../scripts/sql/team-survey-sql.ts";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { validRow } from "../support/survey-rows.ts";
import { axeViolations } from "./support/axe.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { FIRST_VIEW, NAME, TEAM, addTeam, api, config, seed, signIn, stat } from "./support/results-site.ts";
import { DESKTOP, PHONE, expect, test } from "./support/test.ts";

test.beforeAll(({ stack }) => addTeam(stack));

test("a segment made by keyboard with its live count, side by side at 360 and 1280 px (axe clean), reopened by a teammate from the address", async ({ page, browser, stack }) => {
  const campaign = await seed(stack, ["Masculino", "Femenino", "Masculino"]);
  await signIn(page, stack.baseURL, TEAM.analyst.email, "view=segments");
  const create = page.getByRole("button", { name: "Novo segmento" });
  await expect(create).toBeVisible(FIRST_VIEW);
  await create.focus();
  await page.keyboard.press("Enter");
  const name = `Homens ${campaign}`;
  await page.getByLabel("Nome", { exact: true }).focus();
  await page.keyboard.type(name);
  await page.locator("input[name=segment-utm_campaign]").focus();
  await page.keyboard.type(campaign);
  await expect(page.locator("#segment-count")).toHaveText("3 respostas neste segmento");
  await page.getByRole("combobox", { name: "Pergunta" }).selectOption("genero");
  await page.getByRole("combobox", { name: "Opção" }).selectOption("Masculino");
  await expect(page.locator("#segment-count")).toHaveText("2 respostas neste segmento");
  await page.getByRole("button", { name: "Salvar segmento" }).press("Enter");
  await expect(page).toHaveURL(/segments=[0-9a-f-]{36}/);
  const genero = config.questions.find((question) => question.id === "genero")!.title;
  const table = page.getByRole("table", { name: genero, exact: true });
  await expect(table.getByRole("columnheader", { name: new RegExp(`${name}.*base 2`) })).toBeVisible();
  await expect(page.getByText(`${name}: 2 pessoas`)).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the segments fit ${size.width} px`).toBeLessThanOrEqual(size.width);
    expect(await axeViolations(page), `segments at ${size.width} px`).toBe("");
  }
  // A teammate (the owner) opens the address: the same segment chosen, the same counts.
  const teammate = await browser.newPage();
  await signIn(teammate, stack.baseURL, TEAM.owner.email, new URL(page.url()).search.slice(1));
  await expect(teammate.getByRole("checkbox", { name })).toBeChecked(FIRST_VIEW);
  await expect(teammate.getByText(`${name}: 2 pessoas`)).toBeVisible();
  await expect(teammate.getByRole("table", { name: genero, exact: true }).getByRole("columnheader", { name: new RegExp(`${name}.*base 2`) })).toBeVisible();
  await teammate.close();
});

test("an owner limits a viewer to a segment on the Equipe page: that viewer's numbers are the segment's alone, and the site says so", async ({ page, browser, stack }) => {
  const group = minimumGroup(config);
  const campaign = await seed(stack, [...Array.from({ length: group }, () => "Masculino"), "Femenino", "Femenino"]);
  // A viewer of this test's own: the team's shared viewer is other tests' too.
  const limited = `limited-${randomUUID().slice(0, 8)}@equipe.test`;
  await api(stack, "team_members", { method: "POST", body: [{ email: limited, role: "viewer", personal: false }] });
  const name = `Homens ${campaign}`;
  const saved = await fetch(`${stack.apiUrl}/rest/v1/rpc/results_save_segment`, {
    method: "POST",
    headers: { apikey: ANON_KEY, authorization: `Bearer ${localAccessToken(TEAM.owner.email)}`, "content-type": "application/json" },
    body: JSON.stringify({ survey: config.id, segment_name: name, segment_filters: { hidden: { utm_campaign: campaign }, answer: { question: "genero", value: "Masculino" } }, segment_id: randomUUID(), expected_version: null }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const { id } = (await saved.json()) as { id: string };
  await signIn(page, stack.baseURL, TEAM.owner.email, "view=members");
  const limit = page.getByRole("combobox", { name: `Limitar ${limited} a um segmento desta pesquisa` });
  await expect(limit).toBeVisible(FIRST_VIEW);
  await limit.selectOption({ label: name });
  // The list is read again after the change: the limit is the database's, not the select's own state.
  await expect(limit).toHaveValue(id);
  const viewer = await browser.newPage();
  await signIn(viewer, stack.baseURL, limited, "");
  await expect(viewer.getByText("A sua conta vê só um segmento desta pesquisa: todos os números são dele.")).toBeVisible(FIRST_VIEW);
  await expect(stat(viewer, "responses")).toHaveText(String(group));
  await viewer.close();
});

test("themes: a term chosen by keyboard shows its answers in context, an \"other\" text coded, no horizontal scroll and axe clean at 360 and 1280 px", async ({ page, stack }) => {
  const campaign = `results-${randomUUID().slice(0, 8)}`;
  const dreams = ["Quiero revalidar mi título en Brasil", "La revalidación del diploma de medicina", "Revalidar y ser cardióloga", "Ser cardiólogo en São Paulo, después de revalidar"];
  const others = ["No binario", "no-binario", "Queer", null];
  for (const [i, dream] of dreams.entries()) {
    await api(stack, config.table, { method: "POST", key: ANON_KEY, body: { ...validRow(config), sonho_carreira: dream, utm_campaign: campaign, ...(others[i] && { genero: "Otro", genero_outro: others[i] }) } });
  }
  await signIn(page, stack.baseURL, TEAM.analyst.email, `view=themes&field=sonhoCarreira&utm_campaign=${campaign}`);
  const term = page.getByRole("button", { name: /revalidar 4 respostas/ });
  await expect(term).toBeVisible(FIRST_VIEW);
  await expect(page.getByRole("button", { name: /cardiólog\w* 2 respostas/ })).toBeVisible();
  // The term by keyboard: from the question's select, Tab reaches the first term; Enter opens its answers, marked.
  await page.getByRole("combobox", { name: "Pergunta" }).focus();
  let reached = false;
  for (let step = 0; step < 6 && !reached; step += 1) {
    await page.keyboard.press("Tab");
    reached = await term.evaluate((element) => element === document.activeElement);
  }
  expect(reached, "Tab reaches the first term").toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/term=revalid(&|$)/);
  await expect(term).toHaveAttribute("aria-pressed", "true");
  const contexts = page.getByRole("heading", { name: "Respostas com “revalidar”" });
  await expect(contexts).toBeVisible();
  await expect(page.locator(".theme-contexts li")).toHaveCount(4);
  await expect(page.locator(".theme-contexts mark").first()).toHaveText(/revalid/i);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the themes fit ${size.width} px`).toBeLessThanOrEqual(size.width);
    expect(await axeViolations(page), `themes at ${size.width} px`).toBe("");
  }
  // The "other" texts of genero: folded together, coded by keyboard into a new code, the totals kept equal.
  await page.getByRole("combobox", { name: "Pergunta" }).selectOption("generoOutro");
  await expect(page.getByRole("status").filter({ hasText: "3 respostas “outro”; depois da codificação, 3" })).toBeVisible();
  const code = page.getByRole("combobox", { name: /Código de “No binario”/i });
  await code.fill("Não binário");
  await code.press("Enter");
  await expect(page.getByText(`Não binário · por ${TEAM.analyst.email}`)).toBeVisible();
  // The answers as given and after coding, side by side: two "No binario" answers left Otro for the new code.
  const coded = page.getByRole("table", { name: /como foram dadas e depois da codificação/ });
  await expect(coded.getByRole("row", { name: /^Otro/ }).getByRole("cell")).toHaveText(["3", "1"]);
  await expect(coded.getByRole("row", { name: /^Não binário/ }).getByRole("cell")).toHaveText(["0", "2"]);
  await expect(page.getByRole("status").filter({ hasText: "3 respostas “outro”; depois da codificação, 3" })).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the coding fits ${size.width} px`).toBeLessThanOrEqual(size.width);
    expect(await axeViolations(page), `coding at ${size.width} px`).toBe("");
  }
  // The cross-tab by the coded question: the new code is a row of its own, with the two answers coded into it.
  await page.getByRole("link", { name: "Cruzamento" }).click();
  await page.getByRole("combobox", { name: "Linhas" }).selectOption("genero/coded");
  await page.getByRole("combobox", { name: "Colunas" }).selectOption("~month");
  const byCode = page.getByRole("table", { name: /com os “outros” codificados/ });
  await expect(byCode.getByRole("rowheader", { name: /^Não binário/ })).toHaveText(/base 2/);
  await expect(byCode.getByRole("rowheader", { name: /^Otro/ })).toHaveText(/base 1/);
});

test("a share link made and revoked by an owner on the site: the report's sections read-only, small groups withheld, opened again from the browser's cache, a revoked link gone; both pages without horizontal scroll and axe clean at 360 and 1280 px", async ({ page, browser, stack }) => {
  const call = async <T,>(name: string, body: object): Promise<T> => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/rpc/${name}`, { method: "POST", headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  // Responses of three days ago (a link shows whole days before today), under a campaign of their own.
  const campaign = `share-${randomUUID().slice(0, 8)}`;
  const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const generos = [...Array<string>(13).fill("Masculino"), ...Array<string>(12).fill("Femenino"), "No binario", "No binario"];
  await api(stack, config.table, { method: "POST", body: generos.map((genero) => ({ ...validRow(config), nome_completo: NAME, genero, utm_campaign: campaign, created_at: at })) });
  for (const link of await call<{ id: string; survey: string; revokedAt: string | null }[]>("results_share_list", {})) {
    if (link.survey === config.id && !link.revokedAt) await call("results_share_revoke", { link_id: link.id });
  }
  // An owner makes it on the site, with the page's filter (this campaign); the address is shown once.
  await signIn(page, stack.baseURL, TEAM.owner.email, `view=shares&utm_campaign=${campaign}`);
  await page.getByRole("button", { name: "Fazer o link" }).click(FIRST_VIEW);
  const address = await page.locator("#share-address").inputValue(FIRST_VIEW);
  expect(address).toMatch(new RegExp(`/resultados/publico/${config.id}/#[0-9a-f]{64}$`));
  await expect(page.getByRole("button", { name: /^Revogar o link feito por / })).toHaveCount(1);
  const axe = async (what: string) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} fits ${size.width} px`).toBeLessThanOrEqual(size.width);
      expect(await axeViolations(page), `${what} at ${size.width} px`).toBe("");
      // The team's guide shows the share page on a phone (docs/equipe/links-publicos.md).
      if (process.env.UPDATE_DOCS_SCREENSHOTS && size === PHONE && what === "the share page") await page.screenshot({ path: join(REPO_ROOT, "docs", "share-phone.png") });
    }
  };
  await axe("the owners' links page");
  await page.goto(address);
  await expect(page).toHaveTitle(`${config.pageTitle} · Resultados publicados`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^[^0-9@]*$/);
  await expect(page.locator("#shared-intro")).toContainText("27 respostas", FIRST_VIEW);
  const genero = page.locator('[data-question="genero"]');
  await expect(genero.getByRole("row").filter({ hasText: "Masculino" })).toContainText("13");
  // 2 is a small group, and 12 would give it away (27 − 13 − 12): both are withheld.
  await expect(genero.getByRole("row").filter({ hasText: "No binario" })).toContainText("oculto");
  await expect(genero.getByRole("row").filter({ hasText: "Femenino" })).toContainText("oculto");
  await expect(page.getByText(NAME)).toHaveCount(0);
  await expect(page.getByRole("table", { name: / × / })).toBeVisible();
  // Opened again at once: its numbers come from the browser's cache (kept a minute), the database is not asked.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const numbersFromCache: boolean[] = [];
  cdp.on("Network.responseReceived", ({ response }) => {
    if (response.url.includes("/rpc/results_shared_kept?") && !response.url.includes("row_axis")) numbersFromCache.push(response.fromDiskCache === true);
  });
  await page.goto("about:blank");
  await page.goto(address);
  await expect(page.locator("#shared-intro")).toContainText("27 respostas", FIRST_VIEW);
  await expect(page.getByRole("table", { name: / × / })).toBeVisible();
  expect(numbersFromCache).toEqual([true]);
  await cdp.detach();
  await axe("the share page");
  // Revoked on the site: the page then answers as for a link that never existed.
  await signIn(page, stack.baseURL, TEAM.owner.email, "view=shares");
  await page.getByRole("button", { name: /^Revogar o link feito por / }).first().click(FIRST_VIEW);
  await expect(page.getByRole("button", { name: /^Revogar o link feito por / })).toHaveCount(0);
  // A browser that kept the page's numbers may show them for the rest of their minute (docs/developers/share-links.md); any other is told.
  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto(address);
  await expect(reader.getByRole("alert")).toHaveText("Este link não existe, expirou ou foi revogado.", FIRST_VIEW);
  await other.close();
});
