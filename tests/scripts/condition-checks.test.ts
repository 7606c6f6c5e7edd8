/** validate's checks on the conditions that read a ranking's first place and one row of a matrix: the test fits the type, and unknown rows and values are refused at their pointer. */
import { describe, expect, test } from "vitest";
import { conditionErrors } from "../../scripts/lib/condition-checks.ts";
import type { Condition, Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const base = { emoji: "❓", required: false } as const;
const QUESTIONS: Question[] = [
  { ...base, id: "prioridades", type: "ranking", title: "Prioridades", options: ["podcasts", "videos", "newsletter"] },
  { ...base, id: "intereses", type: "matrix", title: "Intereses", rows: [{ value: "podcasts", label: "Podcasts" }, "videos"], columns: [{ value: "alto", label: "Mucho" }, "bajo"] },
  { ...base, id: "nota", type: "rating", title: "Nota" },
];
const errorsOf = (showIf: Condition) => conditionErrors(tinySurvey({ questions: [...QUESTIONS, { ...base, id: "luego", type: "text", title: "Luego", showIf }] }));
const AT = "/questions/3/showIf";

describe("conditions on ranking and matrix", () => {
  test.each<Condition>([
    { question: "prioridades", topChoice: "newsletter" },
    { question: "intereses", row: "podcasts", equals: "alto" },
    { question: "intereses", row: "videos", equals: "bajo" },
    { question: "intereses", row: "videos", is: "empty" },
    { question: "intereses", is: "answered" },
    { all: [{ question: "prioridades", topChoice: "podcasts" }, { not: { question: "intereses", row: "podcasts", equals: "bajo" } }] },
  ])("accepts %j", (condition) => {
    expect(errorsOf(condition)).toEqual([]);
  });

  test.each<[string, Condition, string, string]>([
    ["topChoice on an option the ranking lacks", { question: "prioridades", topChoice: "podcast" }, `${AT}/topChoice`, '"podcast" is not one of the options of "prioridades" (allowed: "podcasts", "videos", "newsletter"; did you mean "podcasts"?)'],
    ["topChoice on a matrix", { question: "intereses", topChoice: "alto" }, `${AT}/topChoice`, '"topChoice" does not fit "intereses", a matrix question (allowed for matrix: equals, is)'],
    ["topChoice on a rating", { question: "nota", topChoice: "1" }, `${AT}/topChoice`, '"topChoice" does not fit "nota", a rating question'],
    ["equals on a ranking", { question: "prioridades", equals: "podcasts" }, `${AT}/equals`, '"equals" does not fit "prioridades", a ranking question (allowed for ranking: topChoice, is)'],
    ["a matrix's equals without a row", { question: "intereses", equals: "alto" }, AT, '"equals" on "intereses" reads one row: add "row" with one of its rows ("podcasts", "videos")'],
    ["a row the matrix lacks", { question: "intereses", row: "podcast", equals: "alto" }, `${AT}/row`, '"podcast" is not one of the rows of "intereses" (allowed: "podcasts", "videos"; did you mean "podcasts"?)'],
    ["a row's label rather than its value", { question: "intereses", row: "Podcasts", equals: "alto" }, `${AT}/row`, '"Podcasts" is not one of the rows of "intereses"'],
    ["a column the matrix lacks", { question: "intereses", row: "podcasts", equals: "Mucho" }, `${AT}/equals`, '"Mucho" is not one of the columns of "intereses" (allowed: "alto", "bajo")'],
    ["a row on a question without rows", { question: "prioridades", row: "podcasts", topChoice: "podcasts" }, `${AT}/row`, '"row" goes only with a question that has rows (a matrix), but "prioridades" is a ranking question; remove "row"'],
    ["a row inside a combination", { any: [{ question: "nota", atLeast: 4 }, { question: "intereses", row: "audio", equals: "alto" }] }, `${AT}/any/1/row`, '"audio" is not one of the rows of "intereses"'],
  ])("refuses %s", (_case, condition, pointer, message) => {
    const errors = errorsOf(condition);
    expect(errors.map((error) => error.pointer)).toEqual([pointer]);
    expect(errors[0]!.message).toContain(message);
  });
});
