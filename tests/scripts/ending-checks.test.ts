import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { endingErrors } from "../../scripts/lib/ending-checks.ts";
import { validateSurveys } from "../../scripts/lib/validate.ts";
import type { Ending, SurveyConfig } from "../../src/generated/survey-config.ts";
import { FIXTURES } from "./helpers.ts";

const config = JSON.parse(readFileSync(`${FIXTURES}/endings/endings-form.json`, "utf8")) as SurveyConfig;
const withEndings = (endings: Ending[]) => endingErrors({ ...config, endings });

describe("endingErrors", () => {
  test("accepts the fixture survey with three endings", () => {
    expect(validateSurveys(`${FIXTURES}/endings`)).toEqual([]);
  });

  test.each<[string, Ending[], string, string]>([
    ["no default", [{ id: "a", showIf: { question: "testarServicos", equals: "Sí" } }], "/endings/0/showIf", "the last ending is the default"],
    ["two defaults", [{ id: "a" }, { id: "b" }], "/endings/1", 'can never be reached: /endings/0 ("a") comes first and has no showIf'],
    ["the same condition twice", [{ id: "a", showIf: { question: "testarServicos", equals: "Sí" } }, { id: "b", showIf: { question: "testarServicos", equals: "Sí" } }, { id: "c" }], "/endings/1", "has the same showIf"],
    ["a question the survey does not ask", [{ id: "a", showIf: { question: "idade", atLeast: 30 } }, { id: "b" }], "/endings/0/showIf/question", '"idade" is not the id of a question'],
    ["a value that is not an option", [{ id: "a", showIf: { question: "testarServicos", equals: "Si" } }, { id: "b" }], "/endings/0/showIf/equals", '"Si" is not one of the options of "testarServicos"'],
    ["the same id twice", [{ id: "a", showIf: { question: "testarServicos", equals: "Sí" } }, { id: "a" }], "/endings/1/id", '"a" is already the id of /endings/0'],
  ])("refuses %s", (_case, endings, pointer, message) => {
    const errors = withEndings(endings);
    expect(errors.map((error) => error.pointer)).toContain(pointer);
    expect(errors.find((error) => error.pointer === pointer)!.message).toContain(message);
  });

  test("a condition may read the last question, since an ending comes after every question", () => {
    expect(withEndings([{ id: "a", showIf: { question: "whatsapp", is: "answered" } }, { id: "b" }])).toEqual([]);
  });
});
