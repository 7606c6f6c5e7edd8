/**
 * The report's section on partial responses, for a survey that keeps them:
 * how many rows are finished and how many not, and the median time on each
 * question of each kind (the medians come from the database, percentile_cont;
 * only their formatting happens here).
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { escapeHtml, type Formatters } from "../../src/report/format.ts";
import { table } from "./html-parts.ts";
import type { PartialNumbers } from "./partial-numbers.ts";

export function partialSection(partial: PartialNumbers, questions: SurveyConfig["questions"], f: Formatters): string {
  const words = f.words.partial;
  const seconds = (ms: number | undefined) => (ms === undefined ? "—" : f.seconds(ms / 1000));
  const counts = `<dl class="headline">\n<div id="stat-finished"><dt>${escapeHtml(words.finished)}</dt><dd>${escapeHtml(f.integer(partial.finished))}</dd></div>\n<div id="stat-unfinished"><dt>${escapeHtml(words.unfinished)}</dt><dd>${escapeHtml(f.integer(partial.unfinished))}</dd></div>\n</dl>`;
  const times = table<SurveyConfig["questions"][number]>([
    { header: words.question, lang: f.surveyLanguage, cell: (question) => question.title },
    { header: words.medianFinished, numeric: true, cell: (question) => seconds(partial.medianMs.finished[question.id]) },
    { header: words.medianUnfinished, numeric: true, cell: (question) => seconds(partial.medianMs.unfinished[question.id]) },
  ], questions);
  return `${counts}\n<p class="meta">${escapeHtml(words.note)}</p>\n<h3 id="question-times">${escapeHtml(words.times)}</h3>\n${times}`;
}
