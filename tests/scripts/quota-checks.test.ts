import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { quotaErrors } from "../../scripts/lib/quota-checks.ts";
import { validateSurveys } from "../../scripts/lib/validate.ts";
import { schemaErrors } from "../../scripts/lib/schema-check.ts";
import type { Quota, SurveyConfig } from "../../src/generated/survey-config.ts";
import { FIXTURES } from "./helpers.ts";

const config = JSON.parse(readFileSync(`${FIXTURES}/campaign/quota-poll.json`, "utf8")) as SurveyConfig;
const SCREEN_OUT = { heading: "¡Gracias!", text: "Esta vez tus respuestas no se guardaron." };
const quota = (parts: Partial<Quota>): Quota => ({ id: "q", when: { question: "pais", equals: "Perú" }, max: 10, screenOut: SCREEN_OUT, ...parts });
const withQuotas = (quotas: Quota[]) => quotaErrors({ ...config, quotas });

describe("quotaErrors", () => {
  test("accepts the fixture surveys, one with an option quota and a combination quota", () => {
    expect(validateSurveys(`${FIXTURES}/campaign`)).toEqual([]);
  });

  test.each<[string, Quota[], string, string]>([
    ["a question the survey does not ask", [quota({ when: { question: "ciudad", equals: "Lima" } })], "/quotas/0/when/question", '"ciudad" is not the id of a question'],
    ["a value that is not an option", [quota({ when: { question: "pais", equals: "Chile" } })], "/quotas/0/when/equals", '"Chile" is not one of the options of "pais"'],
    ["a wrong test inside a combination", [quota({ when: { all: [{ question: "idade", includes: "30" }] } })], "/quotas/0/when/all/0/includes", "idade"],
    ["the same id twice", [quota({}), quota({ when: { question: "pais", equals: "Bolivia" } })], "/quotas/1/id", '"q" is already the id of /quotas/0'],
    ["two screen-out pages at one address", [quota({ id: "a" }), quota({ id: "b", screenOut: { ...SCREEN_OUT, path: "/cuotas/thank-you/a" } })], "/quotas/1/screenOut", "already the screen-out page of the quota \"a\""],
    ["hideOption on a combination", [quota({ hideOption: true, when: { all: [{ question: "pais", equals: "Perú" }, { question: "idade", lessThan: 30 }] } })], "/quotas/0/hideOption", "only a quota on one option can hide it"],
    ["hideOption on a number question", [quota({ hideOption: true, when: { question: "idade", equals: 30 } })], "/quotas/0/hideOption", "radio or select"],
  ])("refuses %s", (_case, quotas, pointer, message) => {
    const errors = withQuotas(quotas);
    expect(errors.map((error) => error.pointer)).toContain(pointer);
    expect(errors.find((error) => error.pointer === pointer)!.message).toContain(message);
  });

  test.each<[string, unknown, string, string]>([
    ["a quota without max", { id: "q", when: { question: "pais", equals: "Perú" }, screenOut: SCREEN_OUT }, "/quotas/0", "max"],
    ["a max of 0", { ...quota({}), max: 0 }, "/quotas/0/max", ">= 1"],
    ["a screen-out page without its text", { ...quota({}), screenOut: { heading: "¡Gracias!" } }, "/quotas/0/screenOut", "text"],
    ["an id with capitals", { ...quota({}), id: "Colombia" }, "/quotas/0/id", "lower-case letters, digits and hyphens"],
    ["a misspelled key", { ...quota({}), hideOptions: true }, "/quotas/0/hideOptions", 'did you mean "hideOption"?'],
  ])("the schema refuses %s with a message naming what to fix", (_case, bad, pointer, words) => {
    const errors = schemaErrors({ ...config, quotas: [bad] });
    const found = errors.find((error) => error.pointer === pointer);
    expect(found, JSON.stringify(errors)).toBeDefined();
    expect(found!.message).toContain(words);
  });
});
