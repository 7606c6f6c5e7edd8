/**
 * A two-line literal survey for tests: the survey-level settings every config
 * needs, with the messages, questions and any other setting the test is about.
 */
import type { Messages, Question, SurveyConfig } from "../../src/generated/survey-config.ts";

export function tinySurvey(parts: { messages: Messages; questions: Question[] } & Partial<SurveyConfig>): SurveyConfig {
  return {
    id: "tiny",
    route: "/tiny",
    table: "tiny",
    language: "es",
    pageTitle: "Tiny",
    professionalName: "X",
    redirect: { path: "/thank-you", delayMs: 1500 },
    ...parts,
  };
}
