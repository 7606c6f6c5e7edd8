/**
 * The draft as the respondent's browser holds it (localStorage, one key per
 * survey) and the notices the survey shows about it and about a submit that
 * waits for the connection.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { draftKey } from "../../../src/core/draft.ts";
import type { Survey } from "./survey.ts";

export async function storedDraft(page: Page, survey: Survey): Promise<Record<string, unknown> | null> {
  const text = await page.evaluate((key) => window.localStorage.getItem(key), draftKey(survey));
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

export async function writeDraft(page: Page, survey: Survey, draft: Record<string, unknown>): Promise<void> {
  await page.evaluate(([key, text]) => window.localStorage.setItem(key!, text!), [draftKey(survey), JSON.stringify(draft)]);
}

/** Waits until the draft has been written with this question reached (writes wait for a pause). */
export async function waitForDraftAt(page: Page, survey: Survey, index: number): Promise<Record<string, unknown>> {
  let draft: Record<string, unknown> | null = null;
  await expect.poll(async () => (draft = await storedDraft(page, survey))?.index, { message: `draft saved on question ${index + 1}` }).toBe(index);
  return draft!;
}

export async function expectNoDraft(page: Page, survey: Survey): Promise<void> {
  await expect.poll(() => storedDraft(page, survey), { message: "no draft in localStorage" }).toBeNull();
}

export const draftNotice = (page: Page, survey: Survey): Locator => page.getByRole("status").filter({ hasText: survey.messages.draftRestored });

/** The lasting notice of a submit that waits: for the connection by default, or with another of the survey's texts (the rate limit's). */
export const waitingNotice = (page: Page, survey: Survey, text: { title: string } = { title: survey.messages.waitingForConnectionTitle }): Locator =>
  page.getByRole("status").filter({ hasText: text.title });
