import { describe, expect, test } from "vitest";
import { validateQuestion } from "../../../src/core/validation.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { en } from "../../../src/i18n/en.ts";
import { es } from "../../../src/i18n/es.ts";
import { ptBR } from "../../../src/i18n/pt-br.ts";
import { rangeMessage, rangeValues } from "../../../src/question-types/date/range-message.ts";
import { boundDate, dateAllowed } from "../../../src/question-types/date/bounds.ts";

const examen = { id: "examen", type: "date", title: "¿Cuándo?", emoji: "📅", required: true, min: { daysFromToday: 0 }, max: "2026-12-31" } as const satisfies Question;
const today = new Date(2026, 10, 24, 22, 30);
const messages = en.messages as Parameters<typeof validateQuestion>[2];

describe("date limits", () => {
  test("a relative limit is counted from the respondent's local today, across a month's end", () => {
    expect(boundDate({ daysFromToday: 7 }, today)).toBe("2026-12-01");
    expect(boundDate({ daysFromToday: 0 }, today)).toBe("2026-11-24");
    expect(boundDate("2026-01-31", today)).toBe("2026-01-31");
  });

  test.each([
    ["2026-11-24", true],
    ["2026-12-31", true],
    ["2026-11-23", false],
    ["2027-01-01", false],
    ["2026-11-31", false],
  ])("%s allowed: %s", (value, allowed) => {
    expect(dateAllowed(value, examen, today)).toBe(allowed);
  });

  test("a date off its range says the range, in the survey's language and date format", () => {
    expect(validateQuestion(examen, { examen: "2000-01-01" }, messages, "en")).toBe("Choose a date between today and 12/31/2026.");
    expect(validateQuestion(examen, { examen: "2000-01-01" }, es.messages as typeof messages, "es")).toBe("Elige una fecha entre hoy y 31/12/2026.");
    expect(validateQuestion(examen, { examen: "2000-01-01" }, ptBR.messages as typeof messages, "pt-BR")).toBe("Escolha uma data entre hoje e 31/12/2026.");
  });

  test("one limit says only that limit; a fixed limit is a date, a relative one other than today its date then", () => {
    const from = { ...examen, min: "2025-01-01", max: undefined };
    const until = { ...examen, min: undefined, max: { daysFromToday: 7 } };
    expect(validateQuestion(from, { examen: "2000-01-01" }, ptBR.messages as typeof messages, "pt-BR")).toBe("Escolha uma data a partir de 01/01/2025.");
    expect(rangeValues(until, es.messages as typeof messages, "es", today)).toEqual({ max: "01/12/2026" });
    expect(rangeMessage(until)).toBe("dateUntil");
  });

  test("a date that is no calendar date says dateOutOfRange", () => {
    expect(validateQuestion(examen, { examen: "2026-11-31" }, messages, "en")).toBe(en.messages.dateOutOfRange);
  });
});
