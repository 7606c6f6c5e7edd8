/**
 * Random order (a question's `shuffleOptions` or a matrix's `shuffleRows`, a survey's `questionBlocks`
 * with `shuffleQuestions`): the order one respondent sees, drawn once from a
 * seed when the survey opens, kept in the answers object beside the answers
 * (as JSON text under SHOWN_ORDER_ID, so the draft and the partial response
 * carry it like the visit id) and stored with the response in its own jsonb
 * column. The page never reshuffles: everything it shows comes from
 * `orderedSurvey(config, order)`, a pure function, so a stored order replays
 * to the very screens the respondent saw.
 *
 * Invariants: only the questions of a shuffled block move, and only among
 * the block's own places (validate refuses a block holding the first question
 * or a question whose condition or recall reads another one of the block, so
 * a condition always reads a question already asked); an anchored option
 * keeps its index in the list; every other order is equally likely.
 */
import type { Option, Question, SurveyConfig } from "../generated/survey-config.ts";
import { optionValue } from "./fields.ts";
import { seededRandom, shuffled } from "./seeded-random.ts";

/** The shown order as stored: every question id in the order shown (with shuffled blocks), and each shuffled question's option values (a matrix's row values) in the order shown. */
export interface ShownOrder {
  questions?: string[];
  options?: Record<string, string[]>;
}

/** Where the order lives: a key of the answers object and the response's column (to-row.ts writes both out). */
export const SHOWN_ORDER_ID = "shownOrder";
export const SHOWN_ORDER_COLUMN = "shown_order";

/** Where a question keeps the list it shuffles, and the switch that asks for it. */
export type ShuffledList = { list: "options"; switch: "shuffleOptions" } | { list: "rows"; switch: "shuffleRows" };

/**
 * The list a question shows in an order drawn for each respondent: its
 * options (`shuffleOptions`: radio, checkbox, select, ranking, whose first
 * order is the one a respondent can keep) or a matrix's rows (`shuffleRows`;
 * its columns are a scale, never shuffled). Undefined when it shuffles none.
 */
export function shuffledListOf(question: Question): ShuffledList | undefined {
  if ("shuffleOptions" in question && question.shuffleOptions === true && "options" in question) return { list: "options", switch: "shuffleOptions" };
  if ("shuffleRows" in question && question.shuffleRows === true && "rows" in question) return { list: "rows", switch: "shuffleRows" };
  return undefined;
}

/** The entries of the list `question` shuffles (empty when it shuffles none). */
export const shuffledEntries = (question: Question): Option[] => {
  const shuffled = shuffledListOf(question);
  return shuffled ? ((question as unknown as Record<string, Option[]>)[shuffled.list] ?? []) : [];
};

const shufflesList = (question: Question): boolean => shuffledListOf(question) !== undefined;

/** An option (or a matrix row) that keeps its index while the rest of its list is shuffled. */
export const isAnchored = (option: Option) => typeof option !== "string" && option.anchored === true;

/** The blocks whose questions are shuffled, each as the indexes of its questions in the file. */
function shuffledBlocks(config: Pick<SurveyConfig, "questions" | "questionBlocks">): number[][] {
  const indexOf = new Map(config.questions.map((question, index) => [question.id, index]));
  return (config.questionBlocks ?? []).filter((block) => block.shuffleQuestions).map((block) => block.questions.map((id) => indexOf.get(id)!).sort((a, b) => a - b));
}

export const usesShuffle = (config: Pick<SurveyConfig, "questions" | "questionBlocks">): boolean =>
  config.questions.some(shufflesList) || shuffledBlocks(config).length > 0;

/** The option values in a random order, anchored ones at their own index. */
function drawOptions(options: readonly Option[], random: () => number): string[] {
  const moving = shuffled(options.filter((option) => !isAnchored(option)).map(optionValue), random);
  return options.map((option) => (isAnchored(option) ? optionValue(option) : moving.shift()!));
}

/** The question ids with each shuffled block's questions in a random order among the block's places. */
function drawQuestions(config: Pick<SurveyConfig, "questions" | "questionBlocks">, random: () => number): string[] {
  const ids = config.questions.map((question) => question.id);
  for (const places of shuffledBlocks(config)) {
    const drawn = shuffled(places.map((index) => ids[index]!), random);
    places.forEach((index, at) => (ids[index] = drawn[at]!));
  }
  return ids;
}

/** A new order for one respondent; the same seed, the same order. */
export function drawShownOrder(config: Pick<SurveyConfig, "questions" | "questionBlocks">, seed: number): ShownOrder {
  const random = seededRandom(seed);
  const order: ShownOrder = {};
  if (shuffledBlocks(config).length > 0) order.questions = drawQuestions(config, random);
  const shuffledQuestions = config.questions.filter(shufflesList);
  if (shuffledQuestions.length > 0) order.options = Object.fromEntries(shuffledQuestions.map((question) => [question.id, drawOptions(shuffledEntries(question), random)]));
  return order;
}

/** The order a survey already in a respondent's order shows (the runner's survey): read off its questions and options. */
export function orderOf(config: Pick<SurveyConfig, "questions" | "questionBlocks">): ShownOrder {
  const order: ShownOrder = {};
  if (shuffledBlocks(config).length > 0) order.questions = config.questions.map((question) => question.id);
  const shuffledQuestions = config.questions.filter(shufflesList);
  if (shuffledQuestions.length > 0) order.options = Object.fromEntries(shuffledQuestions.map((question) => [question.id, shuffledEntries(question).map(optionValue)]));
  return order;
}

const samePermutation = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

/**
 * The order a draft or a partial response kept, when it still fits today's
 * file; each part that does not (a block or an option list edited since, or
 * a draft from before the survey shuffled) takes the part of `drawn`, the
 * order this page opened with. Never throws on anything stored.
 */
export function fitShownOrder(config: Pick<SurveyConfig, "questions" | "questionBlocks">, stored: unknown, drawn: ShownOrder): ShownOrder {
  const fresh: ShownOrder = { ...(drawn.questions && { questions: [...drawn.questions] }), ...(drawn.options && { options: { ...drawn.options } }) };
  const kept = readShownOrder(stored);
  if (!kept) return fresh;
  if (fresh.questions) {
    const ids = [...fresh.questions];
    for (const places of shuffledBlocks(config)) {
      const own = new Set(places.map((index) => config.questions[index]!.id));
      const storedOrder = (kept.questions ?? []).filter((id) => own.has(id));
      if (samePermutation(storedOrder, [...own])) places.forEach((index, at) => (ids[index] = storedOrder[at]!));
    }
    fresh.questions = ids;
  }
  for (const question of config.questions.filter(shufflesList)) {
    const storedValues = kept.options?.[question.id];
    const entries = shuffledEntries(question);
    const anchorsInPlace = storedValues !== undefined && entries.every((option, index) => !isAnchored(option) || storedValues[index] === optionValue(option));
    if (anchorsInPlace && samePermutation(storedValues, entries.map(optionValue))) fresh.options![question.id] = [...storedValues];
  }
  return fresh;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/** An order from its JSON text or its stored object, or undefined when it is not one. */
export function readShownOrder(value: unknown): ShownOrder | undefined {
  let data = value;
  if (typeof value === "string") {
    try {
      data = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const { questions, options } = data as Record<string, unknown>;
  if (questions !== undefined && !isStringList(questions)) return undefined;
  if (options !== undefined && (typeof options !== "object" || options === null || !Object.values(options).every(isStringList))) return undefined;
  return { ...(questions !== undefined && { questions }), ...(options !== undefined && { options: options as Record<string, string[]> }) };
}

/** The survey as this respondent sees it: its questions and their options in the order drawn. Questions or options the order does not name keep their place. */
export function orderedSurvey<T extends Pick<SurveyConfig, "questions">>(config: T, order: ShownOrder): T {
  const byId = new Map(config.questions.map((question) => [question.id, question]));
  const named = order.questions && new Set(order.questions).size === config.questions.length ? order.questions.map((id) => byId.get(id)).filter((question) => question !== undefined) : undefined;
  const questions = named && named.length === config.questions.length ? named : config.questions;
  return { ...config, questions: questions.map((question) => withOptionOrder(question, order.options?.[question.id])) };
}

/** The question with the list it shuffles in `values`' order (an arm's optionOrder reorders a question that shuffles nothing: its options). */
function withOptionOrder(question: Question, values: string[] | undefined): Question {
  const list = shuffledListOf(question)?.list ?? "options";
  const entries = (question as unknown as Record<string, unknown>)[list];
  if (!values || !Array.isArray(entries)) return question;
  const options = entries as Option[];
  const byValue = new Map(options.map((option) => [optionValue(option), option]));
  const ordered = new Set(values).size === options.length ? values.map((value) => byValue.get(value)).filter((option) => option !== undefined) : [];
  return ordered.length === options.length ? ({ ...question, [list]: ordered } as Question) : question;
}
