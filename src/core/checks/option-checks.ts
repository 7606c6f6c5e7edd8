/**
 * Checks on the options of one choice question. Options are what respondents
 * tell apart and what analysts count, so two options must not look the same:
 * equal after trimming, collapsing runs of spaces and ignoring capital letters
 * ("Otro" and "otro " would split one answer across two stored values, and
 * PostgreSQL compares text exactly, so both would be allowed values). An
 * option that is only spaces shows an empty choice; spaces at an end are
 * stored and must be repeated exactly wherever the option is named.
 */
import { optionLabel, optionValue } from "../fields.ts";
import type { Question } from "../../generated/survey-config.ts";
import type { Located } from "./located.ts";
import { didYouMean, quoted } from "./suggest.ts";

type ChoiceQuestion = Extract<Question, { options: unknown }>;
type Option = ChoiceQuestion["options"][number];

/** What a reader's eye compares: no spaces at the ends, one space between words, no capitals. */
const lookalike = (text: string) => text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** Where a text of an option lives: the option itself, or its "value"/"label" key. */
const textPointer = (option: Option, at: string, key: "value" | "label") => (typeof option === "string" ? at : `${at}/${key}`);

function textProblem(text: string, what: string): string | undefined {
  if (text.trim() === "") return `${what} is only spaces; write a text or remove the option`;
  if (text !== text.trim()) return `${what} ${JSON.stringify(text)} has spaces at its start or end; write ${JSON.stringify(text.trim())}`;
  return undefined;
}

/** The first problem of each option, so one slip gives one line. */
function optionProblem(question: ChoiceQuestion, index: number, pointer: string): Located | undefined {
  const option = question.options[index]!;
  const at = `${pointer}/options/${index}`;
  const earlier = question.options.slice(0, index);
  for (const key of ["value", "label"] as const) {
    const text = key === "value" ? optionValue(option) : optionLabel(option);
    const problem = textProblem(text, typeof option === "string" ? "option" : `option ${key}`);
    if (problem) return { pointer: textPointer(option, at, key), message: problem };
  }
  const value = optionValue(option);
  const same = earlier.findIndex((other) => optionValue(other) === value);
  if (same >= 0) return { pointer: at, message: `option "${value}" is listed twice (also ${pointer}/options/${same}); option values must be unique` };
  for (const key of ["value", "label"] as const) {
    const read = key === "value" ? optionValue : optionLabel;
    const text = read(option);
    const twin = earlier.findIndex((other) => lookalike(read(other)) === lookalike(text));
    if (twin < 0) continue;
    const what = typeof option === "string" ? "option" : `option ${key}`;
    const other = read(earlier[twin]!);
    const where = `${pointer}/options/${twin}`;
    const how = other === text ? `is the same as ${where}` : `looks the same as ${JSON.stringify(other)} (${where}): they differ only in spaces or capital letters`;
    return {
      pointer: textPointer(option, at, key),
      message: `${what} ${JSON.stringify(text)} ${how}, so respondents cannot tell them apart and answers would be split between them; remove one or reword it`,
    };
  }
  return undefined;
}

export function optionErrors(question: ChoiceQuestion, pointer: string): Located[] {
  const errors = question.options.flatMap((_, index) => optionProblem(question, index, pointer) ?? []);
  const values = question.options.map(optionValue);
  if ("other" in question && question.other && !values.includes(question.other.option)) {
    const { option } = question.other;
    errors.push({ pointer: `${pointer}/other/option`, message: `"${option}" is not one of the options of "${question.id}" (allowed: ${quoted(values)}${didYouMean(option, values)})` });
  }
  if ("maxSelections" in question && question.maxSelections !== undefined && question.maxSelections > values.length) {
    errors.push({ pointer: `${pointer}/maxSelections`, message: `maxSelections is ${question.maxSelections} but "${question.id}" has only ${values.length} options (allowed: 1 to ${values.length})` });
  }
  return errors;
}
