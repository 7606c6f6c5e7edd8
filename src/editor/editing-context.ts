/**
 * What every field of the editor reads and writes: the file's text, the
 * survey parsed from it, a way to change the text (one undo step per `merge`
 * key while typing), the problems validate found, and a way to say why an
 * edit was refused.
 *
 * Each question card gives its fields a context of its own that changes only
 * when that question (or its problems) does, so a keystroke re-renders one
 * card, not all of them; the text is therefore read when an edit is made
 * (`currentText`), never kept from the last render.
 */
import { createContext, use } from "react";
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { Problem } from "./api.ts";

export interface Editing {
  /** The file's text as it is now, for an edit to start from. */
  currentText: () => string;
  survey: SurveyConfig;
  change: (text: string, merge?: string) => void;
  problems: Problem[];
  refuse: (reason: string) => void;
  /** The question the preview shows. */
  showQuestion: (index: number) => void;
}

export const EditingContext = createContext<Editing | null>(null);

export function useEditing(): Editing {
  const editing = use(EditingContext);
  if (!editing) throw new Error("[editor] fields need an EditingContext above them");
  return editing;
}

/** The whole survey as it stands, for what depends on the other questions (a condition on an earlier one). */
export const SurveyContext = createContext<SurveyConfig | null>(null);

export function useWholeSurvey(): SurveyConfig {
  const survey = use(SurveyContext);
  if (!survey) throw new Error("[editor] the condition builder needs a SurveyContext above it");
  return survey;
}

/** The messages of validate that concern exactly `pointer`. */
export const problemsAt = (problems: Problem[], pointer: string) => problems.filter((problem) => problem.pointer === pointer).map((problem) => problem.message);
