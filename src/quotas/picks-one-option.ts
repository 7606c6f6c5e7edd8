/**
 * A question whose options a respondent picks one of, read from its type's
 * traits rather than its name (the registry's rule): the questions a quota
 * may hide a full option of (validate's quota checks), and the one a new
 * quota starts from in the editor.
 */
import { kindOf } from "../core/fields.ts";
import type { Question } from "../generated/survey-config.ts";
import { toolsOf } from "../question-types/registry.ts";

export const picksOneOption = (question: Question): boolean => "options" in question && toolsOf(question).report.numbers === "choice" && kindOf(question) === "text";
