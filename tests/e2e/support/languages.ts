/** What a page in one language must not show: the words of the other languages. */
import { expect, type Page } from "@playwright/test";
import { PRESETS } from "../../../src/i18n/presets.ts";

export type Language = keyof typeof PRESETS;

/** Every preset text of the other languages that this language does not share (placeholder templates aside). */
export function foreignPresetTexts(language: Language): string[] {
  const texts = (preset: (typeof PRESETS)[Language]) => [...Object.values(preset.messages), ...Object.values(preset.thankYou), ...Object.values(preset.notFound)];
  const own = new Set(texts(PRESETS[language]));
  const others = (Object.keys(PRESETS) as Language[]).filter((other) => other !== language).flatMap((other) => texts(PRESETS[other]));
  return [...new Set(others)].filter((text) => !own.has(text) && !text.includes("{") && text.length > 3);
}

/** Everything the page shows or reads out: its text, placeholders and accessible labels. */
export async function shownTexts(page: Page): Promise<string> {
  const shown = await page.locator("body").innerText();
  const placeholders = await page.locator("[placeholder]").evaluateAll((inputs) => inputs.map((input) => input.getAttribute("placeholder") ?? ""));
  const labels = await page.locator("[aria-label]").evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label") ?? ""));
  return [shown, ...placeholders, ...labels].join("\n");
}

/** None of `foreign` is on the page, whose <html lang> is `language`. */
export async function expectNoneShown(page: Page, language: string, foreign: readonly string[], where: string): Promise<void> {
  const everything = await shownTexts(page);
  expect(foreign.filter((text) => everything.includes(text)), `texts of another language ${where}`).toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}
