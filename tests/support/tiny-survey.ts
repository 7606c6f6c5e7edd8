/**
 * A two-line literal survey for tests: the survey-level settings every config
 * needs, with the messages, questions and any other setting the test is about,
 * resolved as the app receives it (texts left out come from the es preset).
 */
import { resolveSurvey, type ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import type { Question, SurveyConfig } from "../../src/generated/survey-config.ts";

export function tinySurvey(parts: { questions: Question[] } & Partial<SurveyConfig>): ResolvedSurvey {
  return resolveSurvey({
    id: "tiny",
    route: "/tiny",
    table: "tiny",
    language: "es",
    pageTitle: "Tiny",
    professionalName: "X",
    ...parts,
  });
}
