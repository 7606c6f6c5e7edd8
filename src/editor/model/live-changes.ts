/**
 * What a save would change in the meaning of rows already stored, for the
 * editor to ask before it saves a published survey: of a question whose
 * column the migrations create (`migrated`), a stored value an option, row
 * or column had and no longer has (old rows keep it; the results count it
 * apart), and a condition that reads otherwise (old rows were asked by the
 * old one); of an ending, once the ending column is migrated, its condition.
 * A question added since holds no stored answer yet, so nothing of it is asked. A new definition version records the
 * change for the report (src/core/definition-version.ts); this says it
 * before it is made. Questions and endings are matched by id. Pure.
 */
import { canonicalJson } from "../../core/definition-version.ts";
import { columnOf, ENDING, optionValue } from "../../core/fields.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import type { EditorWords } from "../words/index.ts";

export type LiveChange = { kind: "value-gone"; question: string; value: string } | { kind: "condition"; question: string } | { kind: "ending-condition"; ending: string };

type Choice = string | { value: string };
const LISTS = ["options", "rows", "columns"] as const;
const valuesOf = (question: object): string[] => LISTS.flatMap((key) => ((question as Record<string, Choice[] | undefined>)[key] ?? []).map(optionValue));
const sameCondition = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

export function liveChanges(before: SurveyConfig, after: SurveyConfig, migrated: ReadonlySet<string>): LiveChange[] {
  const changes: LiveChange[] = [];
  const now = new Map(after.questions.map((question) => [question.id, question]));
  for (const was of before.questions) {
    const is = now.get(was.id);
    if (!is || !migrated.has(columnOf(was))) continue;
    const kept = new Set(valuesOf(is));
    for (const value of valuesOf(was)) if (!kept.has(value)) changes.push({ kind: "value-gone", question: was.id, value });
    if (!sameCondition(was.showIf, is.showIf)) changes.push({ kind: "condition", question: was.id });
  }
  const endings = new Map((after.endings ?? []).map((ending) => [ending.id, ending]));
  for (const was of migrated.has(ENDING.column) ? (before.endings ?? []) : []) {
    const is = endings.get(was.id);
    if (is && !sameCondition(was.showIf, is.showIf)) changes.push({ kind: "ending-condition", ending: was.id });
  }
  return changes;
}

/** One change in the editor's words. */
export function liveChangeText(change: LiveChange, words: Pick<EditorWords, "liveValueGone" | "liveCondition" | "liveEndingCondition">): string {
  if (change.kind === "value-gone") return words.liveValueGone(change.question, change.value);
  return change.kind === "condition" ? words.liveCondition(change.question) : words.liveEndingCondition(change.ending);
}
