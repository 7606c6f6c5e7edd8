import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { placeholderErrors } from "../../scripts/lib/placeholder-checks.ts";
import { PRESETS, presetFor } from "../../src/i18n/presets.ts";

const schema = JSON.parse(readFileSync(join(process.cwd(), "surveys/survey.schema.json"), "utf8"));
const keysOf = (def: string) => Object.keys(schema.$defs[def].properties).sort();
const presets = Object.entries(PRESETS);

describe("language presets", () => {
  test.each(presets)("%s words every message key the schema offers editors, and no other", (_, preset) => {
    expect(Object.keys(preset.messages).sort()).toEqual(keysOf("messages"));
  });

  test.each(presets)("%s words the thank-you and 404 texts the schema documents as preset defaults", (_, preset) => {
    const documented = (def: string) => keysOf(def).filter((key) => / preset "/.test(schema.$defs[def].properties[key].description));
    expect(Object.keys(preset.thankYou).sort()).toEqual(documented("thankYouPage"));
    expect(Object.keys(preset.notFound).sort()).toEqual(documented("notFoundPage"));
  });

  test.each(presets)("%s has no empty text and uses each placeholder only where the app fills it in", (_, preset) => {
    const texts = [...Object.values(preset.messages), ...Object.values(preset.thankYou), ...Object.values(preset.notFound)];
    expect(texts.filter((text) => text.trim() === "")).toEqual([]);
    expect(placeholderErrors(preset)).toEqual([]);
    expect(preset.messages.progress).toMatch(/\{current\}.*\{total\}/);
    expect(preset.messages.percentComplete).toContain("{percent}");
  });

  test("each language is really translated: its messages differ from English's", () => {
    for (const [language, preset] of presets.filter(([language]) => language !== "en")) {
      const sameAsEnglish = Object.entries(preset.messages).filter(([key, text]) => text === PRESETS.en.messages[key as keyof typeof preset.messages]);
      expect(sameAsEnglish, language).toEqual([]);
    }
  });

  test("a tag without a preset of its own falls back to its base language, then English", () => {
    expect(presetFor("pt")).toBe(PRESETS["pt-BR"]);
    expect(presetFor("es-MX")).toBe(PRESETS.es);
    expect(presetFor("it")).toBe(PRESETS.en);
  });
});
