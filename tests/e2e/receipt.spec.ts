/**
 * Receipts in a real browser against the real data API, with the fixture
 * survey of tests/fixtures/surveys/receipt (never shipped; consent, three
 * questions, `receipt: {}`): after the submit the thank-you page shows the
 * code (and still does after a reload, from the device); on another device
 * (a browser context sharing nothing) the data page, used with the keyboard
 * only, shows the same answers, downloads the stored row as JSON and
 * deletes it; then the response, its visit's events and its share of the
 * report are gone and the code reads like an unknown one. axe finds no
 * WCAG 2.1 A/AA violation on the page at 360 px. With partial responses
 * (the fixture's second survey) the final save carries the code.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { readNumbers } from "../../scripts/report/read-numbers.ts";
import { groupedReceiptCode, newReceiptCode, normalReceiptCode, receiptPagePath } from "../../src/core/receipt.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { Consent, SurveyConfig } from "../../src/generated/survey-config.ts";
import { receiptWords } from "../../src/i18n/receipt-words.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { axeViolations } from "./support/axe.ts";
import { waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/receipt");
const file = JSON.parse(readFileSync(join(FIXTURE_DIR, "receipt-poll.json"), "utf8")) as SurveyConfig;
const survey = resolveSurvey(file) as unknown as Survey & { consent: Consent };
const words = receiptWords(file.language);
const dataPage = receiptPagePath(file);

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE_DIR);

async function audit(page: Page, screen: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe on ${screen}`).toBe("");
}

const sha256 = async (text: string) => Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).toString("hex");
const count = async (path: string) => {
  const response = await fetch(`${spec.access.apiUrl}/rest/v1/${path}`, { headers: { apikey: spec.access.serviceRoleKey, authorization: `Bearer ${spec.access.serviceRoleKey}`, prefer: "count=exact" } });
  return Number(response.headers.get("content-range")!.split("/")[1]);
};

test("submit, read the receipt; on another device see the same answers, download the row, delete it; then the code is unknown", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const name = uniqueName("recibo");
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  await page.goto(new URL(survey.route, spec.stack.baseURL).href);
  await page.getByLabel(survey.consent.checkboxLabel).check();
  await page.getByRole("button", { name: survey.consent.buttonLabel }).click();
  await driver.expectQuestion(0);
  await driver.waitUntilLive();
  await driver.answer(0, { type: "text", text: name });
  await driver.nextButton.click();
  await driver.answer(1, { type: "radio", option: "Otra", other: "Residencia" });
  await driver.nextButton.click();
  await driver.answer(2, { type: "checkbox", options: ["TikTok", "YouTube"] });
  await driver.submit();

  // The thank-you page shows the code, and still knows it after a reload (the device keeps it).
  const notice = page.getByRole("region", { name: words.noticeHeading });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  const shown = (await notice.getByRole("status").or(notice.locator("output")).first().textContent())!;
  const code = normalReceiptCode(shown)!;
  expect(shown).toBe(groupedReceiptCode(code));
  await page.reload();
  await expect(page.getByRole("region", { name: words.noticeHeading }).locator("output")).toHaveText(shown);
  await expect(page.getByRole("link", { name: words.noticeLink })).toHaveAttribute("href", dataPage);

  // The database holds the code's hash only.
  const row = await waitForOneRow(spec.access, survey.table, name, "nombre");
  expect(row.receipt_hash).toBe(await sha256(`receipt|${code}`));
  expect(JSON.stringify(row)).not.toContain(code);
  expect(await count(`visit_events?visit_id=eq.${row.visit_id}`)).toBeGreaterThan(0);
  const report = () => readNumbers({ url: spec.access.apiUrl, serviceKey: spec.access.serviceRoleKey }, numbersRequest(resolveSurvey(file), { where: {} }, "UTC"));
  const before = await report();

  // Another device, a phone's width, keyboard only.
  const phone = await browser.newContext({ baseURL: spec.stack.baseURL, reducedMotion: "reduce", viewport: { width: 360, height: 740 }, acceptDownloads: true });
  const other = await phone.newPage();
  await other.goto(dataPage);
  await expect(other.getByRole("heading", { level: 1, name: words.heading })).toBeVisible();
  const field = other.getByLabel(words.codeLabel);
  await expect(field).toHaveValue("");
  // The page may be painted from its HTML before React takes over the field.
  await other.waitForFunction(() => Object.keys(document.querySelector("#receipt-code") ?? {}).some((key) => key.startsWith("__react")));
  await audit(other, "the data page, empty");
  await other.keyboard.press("Tab");
  await expect(field).toBeFocused();
  await other.keyboard.type(shown.toLowerCase());
  await other.keyboard.press("Enter");
  const answers = other.getByRole("heading", { level: 2, name: words.answersHeading });
  await expect(answers).toBeFocused();
  const list = other.locator(".receipt-answers");
  await expect(list.locator("dt")).toHaveText(survey.questions.map((question) => question.title));
  await expect(list.locator("dd")).toHaveText([name, "Otra — Residencia", "TikTok, YouTube"]);
  await audit(other, "the data page with the answers");

  // The download is the stored row, exactly.
  await other.keyboard.press("Tab");
  await expect(other.getByRole("link", { name: words.download })).toBeFocused();
  const [download] = await Promise.all([other.waitForEvent("download"), other.keyboard.press("Enter")]);
  const downloaded = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(downloaded).toEqual(row);

  // Delete, confirmed.
  await other.keyboard.press("Tab");
  await expect(other.getByRole("button", { name: words.delete })).toBeFocused();
  await other.keyboard.press("Enter");
  await expect(other.getByRole("alert")).toHaveText(words.confirmDelete);
  await expect(other.getByRole("button", { name: words.confirm })).toBeFocused();
  await audit(other, "the data page, confirming the deletion");
  await other.keyboard.press("Enter");
  await expect(other.getByRole("status")).toHaveText(words.deleted);

  // Gone everywhere: the row, its visit's events, its share of the report's numbers.
  expect(await count(`${survey.table}?id=eq.${row.id}`)).toBe(0);
  expect(await count(`visit_events?visit_id=eq.${row.visit_id}`)).toBe(0);
  const after = await report();
  expect(after.responses.responses).toBe(before.responses.responses - 1);
  const { path: _path, ...recount } = await readNumbers({ url: spec.access.apiUrl, serviceKey: spec.access.serviceRoleKey }, { ...numbersRequest(resolveSurvey(file), { where: {} }, "UTC"), path: "scan" });
  const { path: _tallied, ...tallied } = after;
  expect(tallied).toEqual(recount);

  // The code now reads exactly like a code no response ever had.
  const said = async (typed: string) => {
    await field.fill(typed);
    await Promise.all([other.waitForResponse((response) => response.url().endsWith("_receipt_read")), other.getByRole("button", { name: words.show }).click()]);
    await expect(other.getByRole("status")).not.toHaveText("");
    await expect(other.locator(".receipt-answers")).toHaveCount(0);
    const text = await other.getByRole("status").textContent();
    await field.fill("");
    return text;
  };
  expect(await said(shown)).toBe(words.notFound);
  expect(await said(groupedReceiptCode(newReceiptCode()))).toBe(words.notFound);
  await phone.close();
});

test("with partial responses the final save carries the code; the data page on the same device knows it and shows the finished row", async ({ page }) => {
  test.setTimeout(120_000);
  const partialFile = JSON.parse(readFileSync(join(FIXTURE_DIR, "receipt-partial.json"), "utf8")) as SurveyConfig;
  const partial = resolveSurvey(partialFile) as unknown as Survey;
  const partialWords = receiptWords(partialFile.language);
  const name = uniqueName("parcial-recibo");
  const driver = new SurveyDriver(page, partial, "mouse", spec.stack.baseURL);
  await driver.open();
  await driver.answer(0, { type: "text", text: name });
  await driver.nextButton.click();
  await driver.expectQuestion(1);
  // The first step's save has stored the unfinished row, with no receipt yet.
  const unfinished = await waitForOneRow(spec.access, partial.table, name, "nome");
  expect(unfinished.receipt_hash).toBeNull();
  await driver.answer(1, { type: "radio", option: "Revalidando" });
  await driver.submit();

  const notice = page.getByRole("region", { name: partialWords.noticeHeading });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  const shown = (await notice.locator("output").textContent())!;
  await expect.poll(async () => (await waitForOneRow(spec.access, partial.table, name, "nome")).receipt_hash).toBe(await sha256(`receipt|${normalReceiptCode(shown)}`));

  await page.getByRole("link", { name: partialWords.noticeLink }).click();
  // The textbox by role: until the data page replaces the thank-you page, the notice's code carries the same name.
  await expect(page.getByRole("textbox", { name: partialWords.codeLabel })).toHaveValue(shown);
  await page.getByRole("button", { name: partialWords.show }).click();
  await expect(page.locator(".receipt-answers dd")).toHaveText([name, "Revalidando"]);
});
