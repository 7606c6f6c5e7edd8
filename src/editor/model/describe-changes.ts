/**
 * What changed between two versions of a survey file, as a list a person can
 * read in a history entry ("question 3 title; option "Masculino" shown as
 * "Hombre"; new question "…""). Questions are matched by id (an id is its
 * column) and options by their stored value, so a rename reads as a rename
 * and a move as a move, not as a removal and an addition. Pure: the editor's
 * server words its commit messages with it.
 */
import { optionLabel, optionValue } from "../../core/fields.ts";

export type SurveyChange =
  | { kind: "survey-part"; part: string }
  | { kind: "question-added" | "question-removed"; title: string }
  | { kind: "questions-reordered" }
  | { kind: "question-part"; number: number; part: string }
  | { kind: "options-reordered"; number: number }
  | { kind: "option-added" | "option-removed"; number: number; label: string }
  | { kind: "option-relabelled"; from: string; to: string };

/** How a language words each kind of change; `part` names a key in that language. */
export type ChangeWords = { [K in SurveyChange["kind"]]: (change: SurveyChange & { kind: K }, part: (name: string) => string) => string };

/** One change in the words of a language. */
export function describeChange(change: SurveyChange, words: { parts: Record<string, string>; changes: ChangeWords }): string {
  const describe = words.changes[change.kind] as (change: SurveyChange, part: (name: string) => string) => string;
  return describe(change, (name) => words.parts[name] ?? name);
}

type Json = Record<string, unknown>;
type Option = string | { value: string; label: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const questionsOf = (survey: Json) => (Array.isArray(survey.questions) ? (survey.questions as Json[]) : []);
const keysOf = (before: Json, after: Json) => [...new Set([...Object.keys(before), ...Object.keys(after)])];
const sameOrder = (a: string[], b: string[]) => same(a.filter((x) => b.includes(x)), b.filter((x) => a.includes(x)));

function optionChanges(number: number, before: Option[], after: Option[]): SurveyChange[] {
  const was = new Map(before.map((option) => [optionValue(option), optionLabel(option)]));
  const is = new Map(after.map((option) => [optionValue(option), optionLabel(option)]));
  const changes: SurveyChange[] = [];
  for (const [value, label] of was) if (!is.has(value)) changes.push({ kind: "option-removed", number, label });
  for (const [value, label] of is) {
    const old = was.get(value);
    if (old === undefined) changes.push({ kind: "option-added", number, label });
    else if (old !== label) changes.push({ kind: "option-relabelled", from: old, to: label });
  }
  if (!sameOrder([...was.keys()], [...is.keys()])) changes.push({ kind: "options-reordered", number });
  return changes;
}

function questionChanges(number: number, before: Json, after: Json): SurveyChange[] {
  return keysOf(before, after).flatMap((part): SurveyChange[] => {
    if (same(before[part], after[part])) return [];
    if (part === "options" && Array.isArray(before.options) && Array.isArray(after.options)) return optionChanges(number, before.options, after.options);
    return [{ kind: "question-part", number, part }];
  });
}

/** The changes from `before` to `after` (parsed survey files), in the order of the file. */
export function describeChanges(before: Json, after: Json): SurveyChange[] {
  const changes: SurveyChange[] = keysOf(before, after)
    .filter((part) => part !== "questions" && !same(before[part], after[part]))
    .map((part) => ({ kind: "survey-part", part }));
  const [was, is] = [questionsOf(before), questionsOf(after)];
  const byId = new Map(was.map((question) => [question.id, question]));
  const kept = new Set(is.map((question) => question.id));
  for (const question of was) if (!kept.has(question.id)) changes.push({ kind: "question-removed", title: String(question.title ?? question.id) });
  if (!sameOrder(was.map((q) => String(q.id)), is.map((q) => String(q.id)))) changes.push({ kind: "questions-reordered" });
  is.forEach((question, index) => {
    const old = byId.get(question.id);
    if (!old) changes.push({ kind: "question-added", title: String(question.title || question.id) });
    else changes.push(...questionChanges(index + 1, old, question));
  });
  return changes;
}
