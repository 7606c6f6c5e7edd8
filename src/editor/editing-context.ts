/**
 * What every field of the editor reads and writes: the file's text, the
 * survey parsed from it, a way to change the text (one undo step per `merge`
 * key while typing), the problems validate found, and a way to say why an
 * edit was refused.
 */
import { createContext, use } from "react";
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { Problem } from "./api.ts";

export interface Editing {
  text: string;
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

/** The messages of validate that concern exactly `pointer`. */
export const problemsAt = (problems: Problem[], pointer: string) => problems.filter((problem) => problem.pointer === pointer).map((problem) => problem.message);
