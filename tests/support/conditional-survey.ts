/**
 * A literal survey with one question of every type to test conditions on,
 * and conditional questions after them. Shared by the core tests of
 * visibility and the SQL test that checks the database reads conditions the
 * same way.
 */
import type { Condition, Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "./tiny-survey.ts";

const base = { emoji: "❓", required: true } as const;

/** The questions conditions test, in this order, before any conditional one. */
export const TESTED: Question[] = [
  { ...base, id: "pais", type: "radio", title: "País", options: ["Brasil", "Chile", "Perú", "Côte d'Ivoire", "Otro"], other: { option: "Otro", id: "paisOtro", placeholder: "Especifique" } },
  { ...base, id: "especialidad", type: "select", title: "Especialidad", options: ["Cardiología", "Pediatría", "Otra"], required: false },
  { ...base, id: "redes", type: "checkbox", title: "Redes", options: ["Instagram", "TikTok", "YouTube"], required: false },
  { ...base, id: "edad", type: "number", title: "Edad", required: false },
  { ...base, id: "influencia", type: "slider", title: "Influencia", min: 0, max: 10, default: 5, minLabel: "0", maxLabel: "10" },
  { ...base, id: "nombre", type: "text", title: "Nombre", required: false },
  { ...base, id: "prioridades", type: "ranking", title: "Prioridades", options: ["podcasts", "videos", "newsletter"], required: false },
  // Asked only outside Brazil: a test on one of its rows reads it as unanswered while it is hidden.
  { ...base, id: "intereses", type: "matrix", title: "Intereses", rows: [{ value: "podcasts", label: "Podcasts" }, "Vídeos"], columns: [{ value: "alto", label: "Mucho" }, "bajo"], required: false, showIf: { question: "pais", notEquals: "Brasil" } },
];

/** The tested questions followed by one required text question per condition, "c0", "c1", … */
export function conditionalSurvey(conditions: Condition[]): SurveyConfig {
  const conditional = conditions.map((showIf, index): Question => ({ ...base, id: `c${index}`, type: "text", title: `C${index}`, showIf }));
  return tinySurvey({ messages: { required: "Obligatorio.", submitRequired: "Obligatorio." }, questions: [...TESTED, ...conditional] });
}
