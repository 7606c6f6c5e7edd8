import { describe, expect, test } from "vitest";
import { validateQuestion } from "../../../src/core/validation.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { en } from "../../../src/i18n/en.ts";
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

  test("a date off its range says dateOutOfRange", () => {
    expect(validateQuestion(examen, { examen: "2000-01-01" }, messages)).toBe(en.messages.dateOutOfRange);
  });
});
