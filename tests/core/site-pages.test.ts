import { describe, expect, test } from "vitest";
import { thankYouPages } from "../../src/core/site-pages.ts";

interface Line {
  id: string;
  thankYouPath: string;
  wordsThankYou: boolean;
  languages?: string[];
}

const pagesOf = (lines: Line[]) =>
  thankYouPages(lines, (line) => (line.languages ?? []).slice(1)).map(({ path, survey, language }) => `${path} ${survey.id}${language && ` in ${language}`}`);

describe("the thank-you pages of a site", () => {
  test("surveys in one language that share a path share one page, worded by the one whose file words it", () => {
    expect(pagesOf([{ id: "a", thankYouPath: "/thank-you", wordsThankYou: false }, { id: "b", thankYouPath: "/thank-you", wordsThankYou: true }])).toEqual(["/thank-you b"]);
  });

  test("a survey in three languages that words its page has it in each, at <path>/<tag>", () => {
    expect(pagesOf([{ id: "tri", thankYouPath: "/tri/thank-you", wordsThankYou: true, languages: ["es", "pt-BR", "en"] }])).toEqual([
      "/tri/thank-you tri",
      "/tri/thank-you/pt-BR tri in pt-BR",
      "/tri/thank-you/en tri in en",
    ]);
  });

  test("a survey in several languages that ends on a page another survey words gets that page in its other languages, worded by itself", () => {
    // As if foreign-form, which ends on medical-form's /thank-you, were given Portuguese and English.
    const lines = [
      { id: "medical-form", thankYouPath: "/thank-you", wordsThankYou: true },
      { id: "foreign-form", thankYouPath: "/thank-you", wordsThankYou: false, languages: ["es", "pt-BR", "en"] },
    ];
    expect(pagesOf(lines)).toEqual(["/thank-you medical-form", "/thank-you/pt-BR foreign-form in pt-BR", "/thank-you/en foreign-form in en"]);
  });

  test("two surveys in several languages on one path: the owner keeps every address it claims, the other adds only those left", () => {
    const lines = [
      { id: "first", thankYouPath: "/gracias", wordsThankYou: false, languages: ["es", "en", "fr"] },
      { id: "owner", thankYouPath: "/gracias", wordsThankYou: true, languages: ["pt-BR", "en"] },
    ];
    expect(pagesOf(lines)).toEqual(["/gracias owner", "/gracias/en owner in en", "/gracias/fr first in fr"]);
  });
});
