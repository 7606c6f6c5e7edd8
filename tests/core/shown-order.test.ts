/**
 * Random order (src/core/shown-order.ts): every order equally likely (a
 * chi-square goodness-of-fit test of each option's and each question's place
 * over 10,000 simulated starts, its p-value from the report's own upper
 * incomplete gamma), anchored options in their place, conditions read
 * before they are needed, a stored order replayed to the same screens, and
 * a draft's order kept while it fits the file; a ranking's options and a
 * matrix's rows (never its columns) shuffled alike.
 */
import { describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { gammaQ } from "../../src/report/crosstab/gamma-q.ts";
import { emptyAnswers } from "../../src/core/answers.ts";
import { carriedOver, fitDraft, inDraftOrder, rowOrder } from "../../src/core/draft-fit.ts";
import { resumeFromRow } from "../../src/core/partial-resume.ts";
import { replayScreens } from "../../src/core/replay-order.ts";
import { drawShownOrder, fitShownOrder, orderedSurvey, orderOf, readShownOrder, SHOWN_ORDER_ID, SHOWN_ORDER_COLUMN, usesShuffle } from "../../src/core/shown-order.ts";
import { toRow } from "../../src/core/to-row.ts";
import { visibilityOf } from "../../src/core/visibility.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const base = { emoji: "❓", required: false } as const;
const OTRO = { value: "Otro", label: "Otro", anchored: true };
const NO_DICE = { value: "Prefiero no decir", label: "Prefiero no decir", anchored: true };
const QUESTIONS: Question[] = [
  { ...base, id: "nombre", type: "text", title: "Nombre" },
  { ...base, id: "red", type: "radio", title: "Red", shuffleOptions: true, options: ["Instagram", "TikTok", "YouTube", "LinkedIn", OTRO, NO_DICE], other: { id: "redOtra", option: "Otro" } },
  { ...base, id: "temas", type: "checkbox", title: "Temas", shuffleOptions: true, options: ["RMJ", "Casos", "Carrera"] },
  { ...base, id: "a", type: "text", title: "A" },
  { ...base, id: "b", type: "text", title: "B" },
  { ...base, id: "c", type: "text", title: "C" },
  { ...base, id: "d", type: "text", title: "D" },
  { ...base, id: "despues", type: "text", title: "Después", showIf: { question: "red", equals: "TikTok" } },
];
const survey = tinySurvey({ questions: QUESTIONS, questionBlocks: [{ questions: ["a", "b", "c", "d"], shuffleQuestions: true }] });
const STARTS = 10_000;

/** The upper tail of the chi-square statistic of `counts` against equal expected counts. */
function uniformityP(counts: number[]): number {
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  const statistic = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
  return gammaQ((counts.length - 1) / 2, statistic / 2);
}

/** For each item, how often it was drawn at each place. */
function placeCounts(items: readonly string[], draws: readonly string[][]): Map<string, number[]> {
  const counts = new Map(items.map((item) => [item, items.map(() => 0)]));
  for (const draw of draws) draw.forEach((item, place) => counts.get(item)![place]! += 1);
  return counts;
}

const draws = Array.from({ length: STARTS }, (_, seed) => drawShownOrder(survey, seed));

describe("drawShownOrder over 10,000 starts", () => {
  test.each(["Instagram", "TikTok", "YouTube", "LinkedIn"])("option %s takes each of the four shuffled places equally often (chi-square p > 0.01)", (option) => {
    const counts = placeCounts(["Instagram", "TikTok", "YouTube", "LinkedIn"], draws.map((order) => order.options!.red!.slice(0, 4))).get(option)!;
    expect(uniformityP(counts), `places ${counts.join(", ")}`).toBeGreaterThan(0.01);
  });

  test.each(["a", "b", "c", "d"])("question %s takes each place of its block equally often (chi-square p > 0.01)", (id) => {
    const counts = placeCounts(["a", "b", "c", "d"], draws.map((order) => order.questions!.slice(3, 7))).get(id)!;
    expect(uniformityP(counts), `places ${counts.join(", ")}`).toBeGreaterThan(0.01);
  });

  test("all 24 orders of the block come up equally often (chi-square p > 0.01)", () => {
    const tally = new Map<string, number>();
    for (const order of draws) tally.set(order.questions!.slice(3, 7).join(), (tally.get(order.questions!.slice(3, 7).join()) ?? 0) + 1);
    expect(tally.size).toBe(24);
    expect(uniformityP([...tally.values()])).toBeGreaterThan(0.01);
  });

  test("the anchored options stay last, in the file's order, and questions outside the block keep their place", () => {
    for (const order of draws) {
      expect(order.options!.red!.slice(4)).toEqual(["Otro", "Prefiero no decir"]);
      expect([order.questions![0], order.questions![1], order.questions![2], order.questions![7]]).toEqual(["nombre", "red", "temas", "despues"]);
    }
  });

  test("the same seed draws the same order", () => {
    expect(drawShownOrder(survey, 42)).toEqual(drawShownOrder(survey, 42));
  });

  test("a survey that shuffles nothing has no order to draw", () => {
    const plain = tinySurvey({ questions: [QUESTIONS[0]!, { ...base, id: "red", type: "radio", title: "Red", options: ["a", "b"] }] });
    expect(usesShuffle(plain)).toBe(false);
    expect(drawShownOrder(plain, 1)).toEqual({});
  });
});

describe("a stored order replayed", () => {
  const answers = { ...emptyAnswers(survey), red: "TikTok", [SHOWN_ORDER_ID]: JSON.stringify(drawShownOrder(survey, 7)) };
  const page = orderedSurvey(survey, readShownOrder(answers[SHOWN_ORDER_ID])!);
  const visible = visibilityOf(page, answers);
  const walked = page.questions.filter((_, index) => visible[index]).map((question) => ({ question: question.id, ...("options" in question && { options: (question.options as (string | { value: string })[]).map((option) => (typeof option === "string" ? option : option.value)) }) }));
  // As the database hands it back: jsonb, read as JSON.
  const stored = JSON.parse(JSON.stringify(toRow(survey, answers, "00000000-0000-4000-8000-000000000000")[SHOWN_ORDER_COLUMN]));

  test("gives the screens the page showed, in the same order, with the options in the same order", () => {
    expect(replayScreens(survey, stored, answers)).toEqual(walked);
    expect(walked.map((screen) => screen.question)).toContain("despues");
  });

  test("gives the same screens after the file's options and block were rewritten in another order", () => {
    const reordered = tinySurvey({ questions: [QUESTIONS[0]!, { ...QUESTIONS[1]!, options: [...(QUESTIONS[1] as unknown as { options: string[] }).options].reverse() } as Question, QUESTIONS[2]!, QUESTIONS[6]!, QUESTIONS[5]!, QUESTIONS[4]!, QUESTIONS[3]!, QUESTIONS[7]!] });
    expect(replayScreens(reordered, stored, answers)).toEqual(walked);
  });
});

describe("orderedSurvey", () => {
  test("keeps the file's order for questions or options a stored order repeats instead of naming each once", () => {
    const repeated = { questions: ["nombre", "red", "temas", "a", "a", "c", "d", "despues"], options: { red: ["TikTok", "TikTok", "YouTube", "LinkedIn", "Otro", "Prefiero no decir"] } };
    const shown = orderedSurvey(survey, repeated);
    expect(shown.questions.map((question) => question.id)).toEqual(survey.questions.map((question) => question.id));
    expect(shown.questions[1]).toEqual(survey.questions[1]);
  });
});

describe("fitShownOrder", () => {
  const page = drawShownOrder(survey, 1);
  const kept = drawShownOrder(survey, 2);

  test("keeps a draft's order that fits the file", () => {
    expect(fitShownOrder(survey, JSON.stringify(kept), page)).toEqual(kept);
  });

  test("takes the page's order for a block and an option list edited since, and keeps the rest", () => {
    const edited = tinySurvey({ questions: [...QUESTIONS.slice(0, 2), { ...QUESTIONS[2]!, options: ["RMJ", "Casos", "Carrera", "Podcasts"] } as Question, ...QUESTIONS.slice(3)], questionBlocks: [{ questions: ["a", "b", "c"], shuffleQuestions: true }] });
    const editedPage = drawShownOrder(edited, 3);
    const fitted = fitShownOrder(edited, kept, editedPage);
    expect(fitted.options!.red).toEqual(kept.options!.red);
    expect(fitted.options!.temas).toEqual(editedPage.options!.temas);
    expect(fitted.questions).toEqual(editedPage.questions);
  });

  test("refuses an option list whose anchors moved", () => {
    const moved = { ...kept, options: { ...kept.options, red: ["Otro", ...kept.options!.red!.filter((value) => value !== "Otro")] } };
    expect(fitShownOrder(survey, moved, page).options!.red).toEqual(page.options!.red);
  });

  test.each([null, "not json", "[]", '{"questions": [1]}', '{"options": {"red": "Otro"}}'])("reads %j as no order: the page's", (stored) => {
    expect(fitShownOrder(survey, stored, page)).toEqual(page);
  });

  test("reads the order a survey is already in", () => {
    expect(orderOf(orderedSurvey(survey, kept))).toEqual(kept);
  });
});

describe("resuming keeps the order first drawn", () => {
  const respondent = drawShownOrder(survey, 2);
  const page = orderedSurvey(survey, drawShownOrder(survey, 5));
  const reached = respondent.questions![5]!;
  const answers = { ...emptyAnswers(survey), nombre: "Ana", red: "TikTok", [SHOWN_ORDER_ID]: JSON.stringify(respondent) };

  test("a draft lands on the question reached, counted in the draft's order, and carries that order", () => {
    const draft = { questionId: reached, index: 5, answers, types: Object.fromEntries(survey.questions.map((question) => [question.id, question.type])), responseId: "x", savedAt: 0, extra: {} };
    expect(fitDraft(inDraftOrder(page, draft), draft)?.index).toBe(5);
    expect(readShownOrder(carriedOver(page, draft, {})[SHOWN_ORDER_ID])).toEqual(respondent);
  });

  test("a partial response read back from its row lands on its last step in the row's order and goes on in it", () => {
    const row = { ...toRow(survey, answers, "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0001"), last_step: reached };
    const { restored } = resumeFromRow(page, JSON.parse(JSON.stringify(row)) as Record<string, unknown>, rowOrder);
    expect(restored?.index).toBe(5);
    expect(readShownOrder(restored?.answers[SHOWN_ORDER_ID])).toEqual(respondent);
  });
});

describe("a ranking's options and a matrix's rows", () => {
  const NINGUNA = { value: "Ninguna", label: "Ninguna", anchored: true };
  const SCALE = ["Nada", "Poco", "Mucho"];
  const lists = tinySurvey({
    questions: [
      { ...base, id: "nombre", type: "text", title: "Nombre" },
      { ...base, id: "prioridades", type: "ranking", title: "Prioridades", shuffleOptions: true, options: ["Sueldo", "Ciudad", "Horario", NO_DICE] },
      { ...base, id: "acuerdo", type: "matrix", title: "Acuerdo", shuffleRows: true, rows: ["Examen", "Idioma", "Costos", NINGUNA], columns: SCALE },
    ],
  });
  const listDraws = Array.from({ length: STARTS }, (_, seed) => drawShownOrder(lists, seed));

  test.each([
    ["prioridades", "Sueldo"],
    ["prioridades", "Horario"],
    ["acuerdo", "Examen"],
    ["acuerdo", "Costos"],
  ])("%s: %s takes each of the three shuffled places equally often (chi-square p > 0.01), the anchored one stays last", (id, value) => {
    const shuffled = listDraws.map((order) => order.options![id]!);
    expect(new Set(shuffled.map((values) => values.at(-1)))).toEqual(new Set([id === "acuerdo" ? "Ninguna" : "Prefiero no decir"]));
    const counts = placeCounts(shuffled[0]!.slice(0, 3).sort(), shuffled.map((values) => values.slice(0, 3))).get(value)!;
    expect(uniformityP(counts), `places ${counts.join(", ")}`).toBeGreaterThan(0.01);
  });

  test("the page shows the rows in the order drawn and the columns, a scale, as written; the order replays", () => {
    const order = drawShownOrder(lists, 11);
    const page = orderedSurvey(lists, order);
    const matrix = page.questions[2] as Extract<Question, { type: "matrix" }>;
    expect(matrix.rows.map((row) => (typeof row === "string" ? row : row.value))).toEqual(order.options!.acuerdo);
    expect(matrix.columns).toEqual(SCALE);
    expect(replayScreens(lists, JSON.stringify(order), emptyAnswers(lists))).toEqual([
      { question: "nombre" },
      { question: "prioridades", options: order.options!.prioridades },
      { question: "acuerdo", rows: order.options!.acuerdo },
    ]);
    expect(orderOf(page)).toEqual(order);
  });

  test("a draft's row order is kept while it fits, and drawn again once a row is added", () => {
    const kept = drawShownOrder(lists, 3);
    const page = drawShownOrder(lists, 4);
    expect(fitShownOrder(lists, kept, page)).toEqual(kept);
    const matrix = lists.questions[2] as Extract<Question, { type: "matrix" }>;
    const added = tinySurvey({ questions: [lists.questions[0]!, lists.questions[1]!, { ...matrix, rows: ["Examen", "Idioma", "Costos", "Visa", NINGUNA] }] });
    const addedPage = drawShownOrder(added, 5);
    const fitted = fitShownOrder(added, kept, addedPage);
    expect(fitted.options).toEqual({ prioridades: kept.options!.prioridades, acuerdo: addedPage.options!.acuerdo });
  });
});
