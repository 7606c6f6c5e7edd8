/** validate's checks on A/B arms: what the schema cannot say about arms and {"arm"} conditions is refused at its pointer, with what to do. */
import { describe, expect, test } from "vitest";
import { armErrors } from "../../scripts/lib/arm-checks.ts";
import { conditionErrors } from "../../scripts/lib/condition-checks.ts";
import { schemaErrors } from "../../scripts/lib/schema-check.ts";
import type { Arm, Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const base = { emoji: "❓", required: false } as const;
const text = (id: string, extra: Partial<Question> = {}) => ({ ...base, id, type: "text", title: id, ...extra }) as Question;
const QUESTIONS: Question[] = [text("nombre"), { ...base, id: "red", type: "radio", title: "Red", options: ["Instagram", "TikTok"] }, text("motivo", { showIf: { arm: "b" } })];
const ARMS: Arm[] = [{ id: "a" }, { id: "b", questions: { red: { title: "¿Qué red?", options: { TikTok: "TikTok (videos)" }, optionOrder: ["TikTok", "Instagram"] } } }];
const survey = (arms: Arm[] | undefined, questions = QUESTIONS) => tinySurvey({ questions, ...(arms && { arms }) });
const errorsOf = (arms: Arm[] | undefined, questions = QUESTIONS) => [...armErrors(survey(arms, questions)), ...conditionErrors(survey(arms, questions))];

describe("armErrors and {arm} conditions", () => {
  test("accepts a control, an arm that rewords, relabels and reorders a later question, and a question of one arm", () => {
    expect(errorsOf(ARMS)).toEqual([]);
  });

  test.each<[string, Arm[] | undefined, Question[], string, string]>([
    ["a condition on an arm the survey does not have", ARMS, [...QUESTIONS.slice(0, 2), text("motivo", { showIf: { arm: "c" } })], "/questions/2/showIf/arm", '"c" is not an arm of this survey'],
    ["a condition on an arm in a survey without arms", undefined, QUESTIONS, "/questions/2/showIf/arm", 'it declares no "arms"'],
    ["an arm test with a question beside it", ARMS, [...QUESTIONS.slice(0, 2), text("motivo", { showIf: { arm: "b", question: "red" } as never })], "/questions/2/showIf/question", '"arm" is a test of its own'],
    ["two arms with one id", [{ id: "a" }, { id: "b" }, { id: "b" }], QUESTIONS, "/arms/2/id", "already the id of /arms/1"],
    ["an override of an unknown question", [{ id: "a" }, { id: "b", questions: { rde: { title: "¿Red?" } } }], QUESTIONS, "/arms/1/questions/rde", 'did you mean "red"'],
    ["an override of the first question", [{ id: "a" }, { id: "b", questions: { nombre: { title: "¿Nombre?" } } }], QUESTIONS, "/arms/1/questions/nombre", "the same in every arm"],
    ["a label for an option the question does not have", [{ id: "a" }, { id: "b", questions: { red: { options: { Tiktok: "TikTok" } } } }], QUESTIONS, "/arms/1/questions/red/options/Tiktok", 'not an option value of "red"'],
    ["options on a question without options", [{ id: "a" }, { id: "b", questions: { motivo: { options: { x: "y" } } } }], QUESTIONS, "/arms/1/questions/motivo", "without options"],
    ["a matrix's columns relabelled, which an arm does not reach", [{ id: "a" }, { id: "b", questions: { acuerdo: { options: { Si: "Claro" } } } }], [...QUESTIONS, { ...base, id: "acuerdo", type: "matrix", title: "Acuerdo", rows: ["Examen"], columns: ["Si", "No"] }], "/arms/1/questions/acuerdo", "rewords its title and subtitle"],
    ["an order that leaves an option out", [{ id: "a" }, { id: "b", questions: { red: { optionOrder: ["TikTok", "YouTube"] } } }], QUESTIONS, "/arms/1/questions/red/optionOrder", 'missing "Instagram"'],
    ["an order on shuffled options", [{ id: "a" }, { id: "b", questions: { red: { optionOrder: ["TikTok", "Instagram"] } } }], [QUESTIONS[0]!, { ...(QUESTIONS[1] as object), shuffleOptions: true } as Question, QUESTIONS[2]!], "/arms/1/questions/red/optionOrder", "shuffles its options"],
    ["a first question asked in one arm", ARMS, [text("nombre", { showIf: { arm: "b" } }), ...QUESTIONS.slice(1)], "/questions/0/showIf", "from the second question on"],
    ["a question that takes the arm's column", ARMS, [...QUESTIONS, text("arm")], "/questions/3", 'the columns "arm" and "arm_source"'],
  ])("refuses %s", (_case, arms, questions, pointer, message) => {
    const errors = errorsOf(arms, questions);
    expect(errors.map((error) => error.pointer)).toEqual([pointer]);
    expect(errors[0]!.message).toContain(message);
  });
});

describe("the schema on arms", () => {
  const file = (parts: Record<string, unknown>) => ({ $schema: "./survey.schema.json", schemaVersion: 2, id: "tiny", route: "/tiny", table: "tiny", language: "es", pageTitle: "T", professionalName: "X", questions: QUESTIONS, ...parts });

  test("takes the arms above", () => {
    expect(schemaErrors(file({ arms: ARMS }))).toEqual([]);
  });

  test.each([
    ["one arm alone", { arms: [{ id: "a" }] }, "/arms"],
    ["an arm id with capitals", { arms: [{ id: "A" }, { id: "b" }] }, "/arms/0/id"],
    ["an override of a question's type", { arms: [{ id: "a" }, { id: "b", questions: { red: { type: "select" } } }] }, "/arms/1/questions/red/type"],
  ])("refuses %s", (_case, parts, pointer) => {
    expect(schemaErrors(file(parts)).map((error) => error.pointer)).toContain(pointer);
  });
});
