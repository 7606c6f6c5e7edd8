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

  test.each([
    [0.4, "0 s"],
    [59.4, "59 s"],
    [59.6, "1 min 0 s"],
    [90, "1 min 30 s"],
    [119.4, "1 min 59 s"],
    [119.6, "2 min 0 s"],
    [3599.7, "60 min 0 s"],
  ])("a duration of %d s is written '%s': whole seconds, then whole minutes", (total, expected) => {
    expect(formatters("pt-BR").duration(total).replace(/\u00a0/g, " ")).toBe(expected);
  });

  test("a regional language uses its base language's words and its own number formatting", () => {
    const f = formatters("es-MX");
    expect(f.words.sections.summary).toBe("Resumen");
    expect(f.integer(12345)).toBe("12,345");
  });
});
