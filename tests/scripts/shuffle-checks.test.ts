/** validate's checks on random order: what the schema cannot say about shuffled options and blocks is refused at its pointer, with what to do. */
import { describe, expect, test } from "vitest";
import { shuffleErrors } from "../../scripts/lib/shuffle-checks.ts";
import { schemaErrors } from "../../scripts/lib/schema-check.ts";
import type { Question, QuestionBlock } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const base = { emoji: "❓", required: false } as const;
const OTRO = { value: "Otro", label: "Otro", anchored: true };
const text = (id: string, extra: Partial<Question> = {}) => ({ ...base, id, type: "text", title: id, ...extra }) as Question;
const QUESTIONS: Question[] = [
  text("nombre"),
  { ...base, id: "red", type: "radio", title: "Red", shuffleOptions: true, options: ["Instagram", "TikTok", OTRO], other: { id: "redOtra", option: "Otro" } },
  text("a"),
  text("b"),
  text("c"),
];
const errorsOf = (questions: Question[], questionBlocks?: QuestionBlock[]) => shuffleErrors(tinySurvey({ questions, ...(questionBlocks && { questionBlocks }) }));
const block = (...questions: string[]): QuestionBlock[] => [{ questions, shuffleQuestions: true }];

describe("shuffleErrors", () => {
  test("accepts shuffled options with an anchored 'other' and a block after the first question", () => {
    expect(errorsOf(QUESTIONS, block("a", "b", "c"))).toEqual([]);
  });

  test("accepts a question after the block that reads one of the block", () => {
    expect(errorsOf([...QUESTIONS, text("d", { showIf: { question: "a", is: "answered" } })], block("a", "b", "c"))).toEqual([]);
  });

  test.each<[string, Question[], QuestionBlock[] | undefined, string, string]>([
    ["shuffled options on the first question", [{ ...(QUESTIONS[1] as object), id: "primera" } as Question, ...QUESTIONS.slice(1)], undefined, "/questions/0/shuffleOptions", "the first question is in the page's HTML"],
    ["an 'other' option that moves with the shuffle", [QUESTIONS[0]!, { ...base, id: "red", type: "radio", title: "Red", shuffleOptions: true, options: ["Instagram", "TikTok", "Otro"], other: { id: "redOtra", option: "Otro" } }], undefined, "/questions/1/options/2", '"anchored": true'],
    ["one option left to shuffle", [QUESTIONS[0]!, { ...base, id: "red", type: "radio", title: "Red", shuffleOptions: true, options: ["Instagram", OTRO] }], undefined, "/questions/1/shuffleOptions", "fewer than two options are left to shuffle"],
    ["a block holding the first question", QUESTIONS, block("nombre", "red"), "/questionBlocks/0/questions/0", "start the block at the second question or later"],
    ["a block of questions apart", QUESTIONS, block("a", "c"), "/questionBlocks/0/questions", "questions that follow each other"],
    ["a block listed out of the file's order", QUESTIONS, block("b", "a"), "/questionBlocks/0/questions", "questions that follow each other"],
    ["an unknown question", QUESTIONS, block("a", "z"), "/questionBlocks/0/questions/1", 'no question has the id "z"'],
    ["a question in two blocks", QUESTIONS, [...block("a", "b"), ...block("b", "c")], "/questionBlocks/1/questions/0", "belongs to one block at most"],
    ["a condition on a question of the same block", [...QUESTIONS.slice(0, 4), text("c", { showIf: { question: "a", is: "answered" } })], block("a", "b", "c"), "/questionBlocks/0/questions/2", '"c" reads the answer to "a"'],
    ["a recalled answer from the same block", [...QUESTIONS.slice(0, 3), text("b", { title: "Dijiste {answer:a|nada}" }), QUESTIONS[4]!], block("a", "b", "c"), "/questionBlocks/0/questions/1", '"b" reads the answer to "a"'],
    ["shuffled rows on the first question", [{ ...base, id: "acuerdo", type: "matrix", title: "Acuerdo", shuffleRows: true, rows: ["Examen", "Idioma"], columns: ["Sí", "No"] }, ...QUESTIONS.slice(1)], undefined, "/questions/0/shuffleRows", "remove shuffleRows here"],
    ["one row left to shuffle", [QUESTIONS[0]!, { ...base, id: "acuerdo", type: "matrix", title: "Acuerdo", shuffleRows: true, rows: ["Examen", OTRO], columns: ["Sí", "No"] }], undefined, "/questions/1/shuffleRows", "fewer than two rows are left to shuffle"],
    ["one ranking option left to shuffle", [QUESTIONS[0]!, { ...base, id: "orden", type: "ranking", title: "Orden", shuffleOptions: true, options: ["Sueldo", OTRO] }], undefined, "/questions/1/shuffleOptions", "fewer than two options"],
    ["a question that takes the order's column", [...QUESTIONS, text("shownOrder")], undefined, "/questions/5", 'the column "shown_order"'],
  ])("refuses %s", (_case, questions, blocks, pointer, message) => {
    const errors = errorsOf(questions, blocks);
    expect(errors.map((error) => error.pointer)).toEqual([pointer]);
    expect(errors[0]!.message).toContain(message);
  });

  test("accepts a ranking's shuffled options and a matrix's shuffled rows with an anchored last row", () => {
    const lists: Question[] = [
      { ...base, id: "orden", type: "ranking", title: "Orden", shuffleOptions: true, options: ["Sueldo", "Ciudad", "Horario"] },
      { ...base, id: "acuerdo", type: "matrix", title: "Acuerdo", shuffleRows: true, rows: ["Examen", "Idioma", OTRO], columns: ["Sí", "No"] },
    ];
    expect(errorsOf([QUESTIONS[0]!, ...lists])).toEqual([]);
  });

  test("a block without shuffleQuestions only has to be consecutive", () => {
    expect(errorsOf(QUESTIONS, [{ questions: ["nombre", "red"], shuffleQuestions: false }])).toEqual([]);
  });
});

describe("the schema on random order", () => {
  const file = (parts: Record<string, unknown>) => ({ $schema: "./survey.schema.json", schemaVersion: 2, id: "tiny", route: "/tiny", table: "tiny", language: "es", pageTitle: "T", professionalName: "X", questions: QUESTIONS, ...parts });

  test("says which key of a block is wrong", () => {
    const errors = schemaErrors(file({ questionBlocks: [{ questions: ["a", "b"], shuffle: true }] }));
    expect(errors.map((error) => `${error.pointer}: ${error.message}`).join("\n")).toMatch(/questionBlocks\/0.*shuffle/);
  });

  test("refuses shuffleOptions on a type without options", () => {
    const errors = schemaErrors(file({ questions: [QUESTIONS[0]!, text("x", { shuffleOptions: true } as never)] }));
    expect(errors.map((error) => `${error.pointer}: ${error.message}`).join("\n")).toMatch(/questions\/1.*shuffleOptions/);
  });

  test("refuses shuffleRows outside a matrix and shuffleOptions on a matrix", () => {
    const radio = { ...base, id: "x", type: "radio", title: "X", shuffleRows: true, options: ["a", "b"] };
    const matrix = { ...base, id: "y", type: "matrix", title: "Y", shuffleOptions: true, rows: ["a", "b"], columns: ["c", "d"] };
    const errors = schemaErrors(file({ questions: [QUESTIONS[0]!, radio, matrix] })).map((error) => `${error.pointer}: ${error.message}`).join("\n");
    expect(errors).toMatch(/questions\/1.*shuffleRows/);
    expect(errors).toMatch(/questions\/2.*shuffleOptions/);
  });
});
