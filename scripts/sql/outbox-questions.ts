/**
 * The survey's questions as the team wrote them, for the e-mail and digest
 * channels' targets: each question's column, title, whether it is personal,
 * the labels of its options (and a matrix's rows and columns) by stored
 * value, and its 'other' text's column. The worker (notifications/email.ts)
 * writes answers and counts with these words, never column names or stored
 * values; it runs apart from the survey file, so they travel in the channel.
 */
import { columnOf, companionOf, optionLabel, optionValue } from "../../src/core/fields.ts";
import { isPersonal } from "../../src/core/personal.ts";
import { readableText } from "../../src/core/readable-text.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { QuestionWords } from "../../notifications/types.ts";

type Option = string | { value: string; label: string };

export function questionWords(config: SurveyConfig): QuestionWords[] {
  return config.questions.map((question) => {
    const choices = [question, "rows" in question ? { options: question.rows } : {}, "columns" in question ? { options: question.columns } : {}]
      .flatMap((part) => ("options" in part && Array.isArray(part.options) ? (part.options as Option[]) : []));
    const companion = companionOf(question);
    return {
      id: question.id,
      column: columnOf(question),
      title: readableText(question.title),
      personal: isPersonal(question),
      ...(choices.length && { labels: Object.fromEntries(choices.map((option) => [optionValue(option), readableText(optionLabel(option))])) }),
      ...(companion && { other: { column: columnOf(companion.field), label: readableText(companion.field.label ?? companion.field.placeholder ?? question.title) } }),
    };
  });
}
