/**
 * One survey in three languages (tests/fixtures/surveys/trilingual: es, the
 * source, with pt-BR and en in translations/). Each language is walked to its
 * thank-you page on its own page; on every screen, a refused submit's notice
 * included, none of the other languages' survey texts or preset words is
 * shown or in the accessibility tree (names, descriptions, announcements), and the three rows are
 * the same but for `language`. Then what chooses the language: `?lang=`, the
 * browser's preferred languages, the switch (the answers stay), the draft.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { optionLabel } from "../../src/core/fields.ts";
import { resolveSurvey, type ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import { languagePath, textAt, translateSurvey, type TranslationFile } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { axeViolations } from "./support/axe.ts";
import { rowsByName } from "./support/db.ts";
import { expectNoneShown, foreignPresetTexts, shownTexts, type Language } from "./support/languages.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { uniqueName } from "./support/survey.ts";
import { DESKTOP, expect, PHONE, test } from "./support/test.ts";

const DIR = join(REPO_ROOT, "tests", "fixtures", "surveys", "trilingual");
const read = (file: string) => JSON.parse(readFileSync(join(DIR, file), "utf8"));
const source = read("trilingual.json") as SurveyConfig;
const LANGUAGES = source.languages as Language[];
const translation = (language: Language): TranslationFile | undefined => (language === source.language ? undefined : read(`translations/trilingual.${language}.json`));
const surveyIn = (language: Language): ResolvedSurvey => resolveSurvey(translateSurvey(source, language, translation(language)));

/** Every text of the survey in a language, as a file writes it (recall templates aside: their text is known only with an answer). */
function surveyTexts(language: Language): string[] {
  const config = translateSurvey(source, language, translation(language));
  const texts = Object.keys(read("translations/trilingual.en.json").texts).map((pointer) => textAt(config, pointer));
  return texts.filter((text): text is string => !!text && !text.includes("{answer:"));
}

/** The other languages' texts this one does not share ("Revalidando" is Spanish and Portuguese alike). */
function foreignTexts(language: Language): string[] {
  const own = new Set([...surveyTexts(language), ...Object.values(surveyIn(language).messages)]);
  const others = LANGUAGES.filter((other) => other !== language).flatMap(surveyTexts);
  return [...new Set([...others, ...foreignPresetTexts(language)])].filter((text) => !own.has(text) && text.length > 3);
}

const spec = fixtureStack(DIR);
const NAME = uniqueName("tri");

const url = (path: string) => new URL(path, spec.stack.baseURL).href;

/** The page is live once React has taken over its first input. */
const live = (page: Page) => page.waitForFunction(() => Object.keys(document.querySelector(".question input") ?? {}).some((key) => key.startsWith("__react")));

async function expectHeading(page: Page, text: string) {
  await expect(page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(text);
}

for (const language of LANGUAGES) {
  test(`in ${language}: walked to the end with no word of another language on any screen`, async ({ page }) => {
    const survey = surveyIn(language);
    const [nombre, etapa, examen, temas, confianza] = survey.questions as [any, any, any, any, any];
    const foreign = foreignTexts(language);
    const check = (where: string) => expectNoneShown(page, language, foreign, where);
    const next = () => page.getByRole("button", { name: survey.messages.next }).click();

    await page.goto(url(languagePath(source, language)));
    await expect(page).toHaveTitle(survey.pageTitle);
    await expectHeading(page, nombre.title);
    await live(page);
    await check("on the first question");
    const name = page.getByRole("textbox", { name: nombre.title });
    await name.press("Enter");
    await expect(page.getByRole("alert")).toHaveText(survey.messages.required);
    await check("with the first question's validation message");
    await name.fill(NAME);
    await next();

    // Recall of the name, in the language's own sentence; stored values stay the source's.
    await expectHeading(page, etapa.title.replace("{answer:nombre|colega}", NAME).replace("{answer:nombre|colleague}", NAME));
    await check("on the second question");
    await page.getByRole("radio", { name: optionLabel(etapa.options[1]) }).click();
    await next();

    // Shown by its condition (etapa is "Revalidando" in every language).
    await expectHeading(page, examen.title);
    await check("on the conditional question");
    await page.getByRole("radio", { name: optionLabel(examen.options[1]) }).click();
    await next();

    await expectHeading(page, temas.title);
    await check("on the checkbox question");
    await page.getByRole("checkbox", { name: optionLabel(temas.options[0]) }).click();
    await page.getByRole("checkbox", { name: optionLabel(temas.options[2]) }).click();
    await next();

    await expectHeading(page, confianza.title.replace("{professionalName}", survey.professionalName));
    await check("on the slider question");
    await page.getByRole("slider").focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
    // A refused submit shows a notice: its region and its announcement are named in the page's language too.
    const insert = `**/rest/v1/${source.table}*`;
    await page.route(insert, (route) => route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ code: "23514", message: "refused by the test" }) }));
    await page.getByRole("button", { name: survey.messages.submit, exact: true }).click();
    await expect(page.getByRole("region", { name: survey.messages.noticesRegion })).toContainText(survey.messages.errorTitle);
    await check("with a notice");
    await page.unroute(insert);
    await page.getByRole("button", { name: survey.messages.submit, exact: true }).click();

    await expect(page).toHaveURL((address) => address.pathname === survey.thankYou.path);
    await expect(page.getByRole("heading", { level: 1, name: survey.thankYou.heading })).toBeVisible();
    await expect(page).toHaveTitle(survey.thankYou.pageTitle);
    await check("on the thank-you page");
  });
}

test("the three rows are the same but for their language, which the database holds", async () => {
  const rows = await rowsByName(spec.access, source.table, NAME, "nombre");
  expect(rows.map((row) => row.language).sort()).toEqual([...LANGUAGES].sort());
  const answers = rows.map(({ id: _id, created_at: _at, visit_id: _visit, language: _language, ...rest }) => rest);
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  expect(answers[0]).toMatchObject({ etapa: "Revalidando", examen: "Todavía no", temas: ["Mercado laboral", "Idioma portugués"], confianza: 8 });

  const refused = await fetch(`${spec.stack.api.url}/rest/v1/${source.table}`, {
    method: "POST",
    headers: { apikey: spec.stack.api.anonKey, Authorization: `Bearer ${spec.stack.api.anonKey}`, "Content-Type": "application/json", Prefer: "return=minimal" },
    body: JSON.stringify({ ...answers[0], id: crypto.randomUUID(), visit_id: crypto.randomUUID(), language: "fr" }),
  });
  expect(refused.status, "a language the survey does not list is refused").toBe(400);
});

test("?lang= and the browser's languages choose the page, the address's query kept", async ({ browser }) => {
  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto(url("/trilingue"));
  await expect(page).toHaveURL((address) => address.pathname === "/trilingue/pt-BR");
  await expectHeading(page, surveyIn("pt-BR").questions[0]!.title);
  await page.goto(url("/trilingue?lang=en&utm_source=x"));
  await expect(page).toHaveURL((address) => address.pathname === "/trilingue/en" && address.searchParams.get("utm_source") === "x");
  await expectHeading(page, surveyIn("en").questions[0]!.title);
  expect(await shownTexts(page)).not.toContain(surveyIn("pt-BR").questions[0]!.title);
  await context.close();
});

test("the switch names each language in itself, works by keyboard, keeps the answers, and the draft remembers the language", async ({ page }) => {
  await page.goto(url("/trilingue"));
  await live(page);
  const spanish = surveyIn("es");
  const portuguese = surveyIn("pt-BR");
  const nav = page.getByRole("navigation", { name: spanish.messages.languageSwitch });
  await expect(nav.getByRole("link")).toHaveText(["Español", "Português", "English"]);
  await page.getByRole("textbox", { name: spanish.questions[0]!.title }).fill("Ana");
  await page.getByRole("button", { name: spanish.messages.next }).click();
  await page.getByRole("radio", { name: "Revalidando" }).click();

  await nav.getByRole("link", { name: "Português" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((address) => address.pathname === "/trilingue/pt-BR");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expectHeading(page, "Olá Ana, em que etapa você está?");
  await expect(page.getByRole("radio", { name: "Revalidando" })).toBeChecked();
  await page.getByRole("button", { name: portuguese.messages.previous }).click();
  await expect(page.getByRole("textbox", { name: portuguese.questions[0]!.title })).toHaveValue("Ana");

  // The draft is written once typing pauses; back on the source's address, the page opens in the draft's language.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("survey-draft:trilingual") ?? "")).toContain('"language":"pt-BR"');
  await page.goto(url("/trilingue"));
  await expect(page).toHaveURL((address) => address.pathname === "/trilingue/pt-BR");
});

test("each language's page hydrates without an error and keeps its hreflang links and og:locale in <head>", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  for (const language of LANGUAGES) {
    await page.goto(url(languagePath(source, language)));
    await live(page);
    await expect(page.locator('head link[rel="alternate"]')).toHaveCount(LANGUAGES.length);
    await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute("content", language.replace("-", "_"));
    await expect(page.locator('head meta[property="og:locale:alternate"]')).toHaveCount(LANGUAGES.length - 1);
  }
  expect(errors).toEqual([]);
});

test("each language's page, switch included, has no axe violation at 360 and 1280 px", async ({ page }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const language of LANGUAGES) {
      await page.goto(url(languagePath(source, language)));
      await live(page);
      expect(await axeViolations(page), `${language} at ${viewport.width} px`).toBe("");
    }
  }
});
