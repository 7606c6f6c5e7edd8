import { describe, expect, test } from "vitest";
import { validateQuestion } from "../../../src/core/validation.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { en } from "../../../src/i18n/en.ts";
import { definitionOf } from "../../../src/question-types/registry.ts";

const correo = { id: "correo", type: "email", title: "¿Tu correo?", emoji: "📧", required: false } as const satisfies Question;
const messages = en.messages as Parameters<typeof validateQuestion>[2];

describe("email", () => {
  test.each(["ana@ejemplo.com", " ana.perez+rmj@mail.ejemplo.com.br "])("accepts %j", (value) => {
    expect(validateQuestion(correo, { correo: value }, messages)).toBeUndefined();
  });

  test.each(["ana", "ana@", "ana@ejemplo", "ana @ejemplo.com", "@ejemplo.com", "ana@ejemplo..com"])("says emailInvalid for %j, even when optional", (value) => {
    expect(validateQuestion(correo, { correo: value }, messages)).toBe(en.messages.emailInvalid);
  });

  test("an address of exactly 254 characters (the SMTP limit) is accepted; one more is emailInvalid", () => {
    const longest = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(254 - 64 - 1 - 63 - 1 - 63 - 1)}`;
    expect(longest).toHaveLength(254);
    expect(validateQuestion(correo, { correo: longest }, messages)).toBeUndefined();
    expect(validateQuestion(correo, { correo: `a${longest}` }, messages)).toBe(en.messages.emailInvalid);
  });

  test("an optional one left empty passes", () => {
    expect(validateQuestion(correo, { correo: "" }, messages)).toBeUndefined();
  });

  test("is stored trimmed with its domain lower-cased, the mailbox as typed", () => {
    expect(definitionOf(correo).rowValue(correo, " Ana@MAIL.Ejemplo.COM ")).toBe("Ana@mail.ejemplo.com");
  });
});
