// The database's refusals in the team's words (src/results/refusal-text.ts):
// by the key a refusal's DETAIL names, else by its SQLSTATE or PostgREST's
// code, and the database's own English message only for a code the words do
// not know. Every refusal of src/core/results-refusals.ts has its words in
// every language of the site.
import { describe, expect, test } from "vitest";
import { RESULTS_REFUSALS } from "../../src/core/results-refusals.ts";
import { DatabaseRefusal } from "../../src/results/refusal.ts";
import { refusalText } from "../../src/results/refusal-text.ts";
import { SITE_WORDS } from "../../src/results/words/index.ts";
import { ptBR } from "../../src/results/words/pt-br.ts";

describe("refusalText", () => {
  test.each([
    ["a refusal with its key", { code: "42501", details: "results/selfGrant", message: "results: an owner may not give themselves the personal-data grant" }, ptBR.refusals.known.selfGrant],
    ["a known SQLSTATE without a key", { code: "42501", details: null, message: "permission denied for function results_numbers" }, "Você não tem permissão para isto."],
    ["a key the words do not know, under a known SQLSTATE", { code: "22023", details: "results/somethingNew", message: "results: something new" }, "O banco de dados recusou este pedido."],
    ["the members' rate limit", { code: "PT429", details: null, message: "Too many requests from this account; try again in a minute." }, "Muitos pedidos desta conta em pouco tempo; tente de novo em um minuto."],
    ["an unknown code: the database's own message", { code: "XX000", details: null, message: "internal error" }, "internal error"],
  ])("%s", (_, answer, said) => {
    expect(refusalText(ptBR, new DatabaseRefusal(answer, "results_numbers: 400"))).toBe(said);
  });

  test("a failure that is not the database's keeps its own message", () => {
    expect(refusalText(ptBR, new TypeError("Failed to fetch"))).toBe("Failed to fetch");
    expect(refusalText(ptBR, new DatabaseRefusal({}, "results_numbers: 502"))).toBe("results_numbers: 502");
  });

  test("every refusal has its own words in every language, and the Portuguese ones are not the English ones", () => {
    for (const [language, words] of Object.entries(SITE_WORDS)) {
      for (const refusal of Object.keys(RESULTS_REFUSALS) as (keyof typeof RESULTS_REFUSALS)[]) expect(words.refusals.known[refusal], `${language} ${refusal}`).toMatch(/\S/);
      expect(new Set(Object.values(words.refusals.known)).size, language).toBe(Object.keys(RESULTS_REFUSALS).length);
    }
    for (const refusal of Object.keys(RESULTS_REFUSALS) as (keyof typeof RESULTS_REFUSALS)[]) expect(ptBR.refusals.known[refusal]).not.toBe(SITE_WORDS.en!.refusals.known[refusal]);
  });
});
