import { describe, expect, test } from "vitest";
import { formatters } from "../../../src/report/format.ts";

describe("formatters", () => {
  test.each([
    ["es", 1, "1 respuesta"],
    ["es", 2, "2 respuestas"],
    ["es", 12345, "12.345 respuestas"],
    ["pt-BR", 1, "1 resposta"],
    ["pt-BR", 2, "2 respostas"],
    ["pt-BR", 1000, "1.000 respostas"],
    ["en", 1, "1 response"],
    ["en", 0, "0 responses"],
    ["en", 1000, "1,000 responses"],
  ])("%s: %d is written '%s', in the plural form Intl.PluralRules gives the count", (language, count, expected) => {
    const f = formatters(language);
    expect(f.counted(f.words.terminal.responses, count)).toBe(expected);
  });

  test("a regional language uses its base language's words and its own number formatting", () => {
    const f = formatters("es-MX");
    expect(f.words.sections.summary).toBe("Resumen");
    expect(f.integer(12345)).toBe("12,345");
  });
});
