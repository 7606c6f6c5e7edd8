/**
 * The editor's changes to a survey, as pure functions of the file's text:
 * each returns the new text (through file-edits.ts, so only what changes is
 * touched) or a refusal that says why. Stored values are kept: renaming an
 * option's text writes { value: old, label: new }.
 */
import { companionOf, optionLabel, optionValue } from "../../core/fields.ts";
import type { Option, Question, SurveyConfig } from "../../generated/survey-config.ts";
import { insertAt, moveItem, parseFile, setAt } from "./file-edits.ts";
import { freshId, idFromTitle } from "./question-ids.ts";
import { usesOfOption, usesOfQuestion } from "./references.ts";
import { toolsOfType } from "../../question-types/registry.ts";

export type EditResult = { text: string } | { refused: string };

export const surveyOf = (text: string) => parseFile(text) as SurveyConfig;

/**
 * `next` with every top-level part and every question that reads the same as
 * in `previous` replaced by `previous`'s object, so what shows an unchanged
 * question can tell so by identity and skip re-rendering it.
 */
export function keepUnchangedParts(previous: SurveyConfig | undefined, next: SurveyConfig): SurveyConfig {
  if (!previous || !next || typeof next !== "object") return next;
  const same = (before: unknown, after: unknown) => before === after || JSON.stringify(before) === JSON.stringify(after);
  const kept = Object.fromEntries(
    Object.entries(next).map(([key, value]) => {
      const before = (previous as unknown as Record<string, unknown>)[key];
      if (key === "questions" && Array.isArray(value) && Array.isArray(before)) return [key, value.map((question, index) => (same(before[index], question) ? before[index] : question))];
      return [key, same(before, value) ? before : value];
    }),
  );
  return kept as unknown as SurveyConfig;
}

const questionAt = (text: string, index: number) => surveyOf(text).questions[index]!;
/** A list written like options: a question's `options`, or a matrix's `rows` or `columns` (every option edit takes which one, "options" by default). */
export type OptionListKey = "options" | "rows" | "columns";
const optionsOf = (question: Question, list: OptionListKey = "options"): Option[] => {
  const options = (question as unknown as Record<string, unknown>)[list];
  return Array.isArray(options) ? (options as Option[]) : [];
};

/**
 * The option shows `label`. Its stored value stays what it was unless
 * `storeNewText`: then the new text is stored from now on (earlier rows keep
 * the old one). Back at its stored value, the option is a plain text again.
 */
export function renameOption(text: string, question: number, option: number, label: string, storeNewText = false, list: OptionListKey = "options"): string {
  const current = optionsOf(questionAt(text, question), list)[option]!;
  const value = storeNewText ? label : optionValue(current);
  return setAt(text, ["questions", question, list, option], optionOf(value, label, isAnchored(current)));
}

const isAnchored = (option: Option) => typeof option !== "string" && option.anchored === true;

/** An option written as briefly as it can be: a plain text unless its label differs from its value or it is anchored. */
const optionOf = (value: string, label: string, anchored: boolean): Option => (anchored ? { value, label, anchored: true } : label === value ? value : { value, label });

/** The option keeps its place (or not) while the question's other options are shuffled (src/core/shown-order.ts). */
export function anchorOption(text: string, question: number, option: number, anchored: boolean): string {
  const current = optionsOf(questionAt(text, question))[option]!;
  return setAt(text, ["questions", question, "options", option], optionOf(optionValue(current), optionLabel(current), anchored));
}

export const moveQuestion = (text: string, from: number, to: number) => moveItem(text, ["questions"], from, to);

export const moveOption = (text: string, question: number, from: number, to: number, list: OptionListKey = "options") => moveItem(text, ["questions", question, list], from, to);

/**
 * A new question at the end, its id made from its title. Its emoji is left
 * empty for the editor to choose (validate asks for one): a default one
 * would reach respondents unnoticed.
 */
export function addQuestion(text: string, title: string, type: Question["type"]): string {
  const config = surveyOf(text);
  const question = { id: idFromTitle(config, title), type, title, emoji: "", required: false, ...toolsOfType(type).editor.starter };
  return insertAt(text, ["questions", config.questions.length], question);
}

/** A copy right after the question, with fresh ids for it and its companion field. */
export function duplicateQuestion(text: string, index: number): string {
  const config = surveyOf(text);
  const { showIf: _condition, column: _column, ...question } = config.questions[index]!;
  const copy: Record<string, unknown> = { ...question, id: freshId(config, question.id) };
  const companion = companionOf(config.questions[index]!);
  if (companion) copy[companion.key] = { ...companion.field, id: freshId(config, companion.field.id), column: undefined };
  return insertAt(text, ["questions", index + 1], JSON.parse(JSON.stringify(copy)));
}

export function removeQuestion(text: string, index: number): EditResult {
  const config = surveyOf(text);
  const { id } = config.questions[index]!;
  const uses = usesOfQuestion(config, id);
  if (uses.length) return { refused: `"${id}" cannot be removed: ${uses.join("; ")}. Change or remove that condition first.` };
  let edited = setAt(text, ["questions", index], undefined);
  const required = config.submitRequiredFields?.indexOf(id) ?? -1;
  if (required >= 0) edited = setAt(edited, ["submitRequiredFields", required], undefined);
  // Out of its block too; a block left with one question is no block (and the key goes with the last block).
  const blocks = config.questionBlocks ?? [];
  const block = blocks.findIndex((candidate) => candidate.questions.includes(id));
  if (block >= 0) {
    const rest = blocks[block]!.questions.filter((other) => other !== id);
    edited = rest.length >= 2 ? setAt(edited, ["questionBlocks", block, "questions"], rest) : setAt(edited, blocks.length > 1 ? ["questionBlocks", block] : ["questionBlocks"], undefined);
  }
  return { text: edited };
}

export function removeOption(text: string, question: number, option: number, list: OptionListKey = "options"): EditResult {
  const config = surveyOf(text);
  const owner = config.questions[question]!;
  const value = optionValue(optionsOf(owner, list)[option]!);
  const uses = usesOfOption(config, owner, value);
  if (uses.length) return { refused: `"${value}" cannot be removed: ${uses.join("; ")}. Change that first.` };
  return { text: setAt(text, ["questions", question, list, option], undefined) };
}

/** Options pasted one per line, added at the end; blank lines and options already there are skipped. */
export function addOptions(text: string, question: number, pasted: string, list: OptionListKey = "options"): string {
  const options = optionsOf(questionAt(text, question), list);
  const known = new Set(options.flatMap((option) => [optionValue(option), optionLabel(option)]));
  const lines = [...new Set(pasted.split(/\r?\n/).map((line) => line.trim()))].filter((line) => line && !known.has(line));
  return lines.reduce((edited, line, n) => insertAt(edited, ["questions", question, list, options.length + n], line), text);
}

export function duplicateOption(text: string, question: number, option: number, list: OptionListKey = "options"): string {
  const label = optionLabel(optionsOf(questionAt(text, question), list)[option]!);
  return insertAt(text, ["questions", question, list, option + 1], `${label} (2)`);
}
