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

interface AXValue {
  value?: unknown;
}
interface AXNode {
  ignored?: boolean;
  name?: AXValue;
  description?: AXValue;
  value?: AXValue;
  role?: AXValue;
}

/**
 * What a screen reader meets on the page, from Chromium's own accessibility
 * tree (CDP): every node's role, accessible name, description and value,
 * whatever set them (aria-label, a library's default label, a live region).
 */
export async function accessibleTexts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
    const texts = nodes.filter((node) => !node.ignored).flatMap((node) => [node.name, node.description, node.value].map((field) => field?.value));
    return texts.filter((text): text is string => typeof text === "string" && text.trim() !== "");
  } finally {
    await cdp.detach();
  }
}

/** Everything the page shows or reads out: its text, placeholders, and every name and announcement in its accessibility tree. */
export async function shownTexts(page: Page): Promise<string> {
  const shown = await page.locator("body").innerText();
  const placeholders = await page.locator("[placeholder]").evaluateAll((inputs) => inputs.map((input) => input.getAttribute("placeholder") ?? ""));
  return [shown, ...placeholders, ...(await accessibleTexts(page))].join("\n");
}

/** None of `foreign` is on the page, whose <html lang> is `language`. */
export async function expectNoneShown(page: Page, language: string, foreign: readonly string[], where: string): Promise<void> {
  const everything = await shownTexts(page);
  expect(foreign.filter((text) => everything.includes(text)), `texts of another language ${where}`).toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}
