/**
 * One survey's report, the pipeline end to end: read pages (visits, then
 * responses, each row also written to the CSV) → numbers → chart specs →
 * SVG → HTML. Writes <out>/<survey-id>.html and <out>/<survey-id>.csv.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { funnelSpec, histogramSpec, optionsSpec, perDaySpec, sourcesSpec } from "./chart-specs.ts";
import { csvWriter } from "./csv.ts";
import { reportHtml } from "./html.ts";
import type { QuestionFigure } from "./html-questions.ts";
import { reportTally, type ReportNumbers } from "./numbers.ts";
import { describeFilters } from "./options.ts";
import type { QuestionNumbers } from "./question-numbers.ts";
import { readResponses, readVisits, type DataSource, type ReadFilters } from "./read-rows.ts";
import { renderSvg } from "./render-svg.ts";

export interface WrittenReport {
  html: string;
  csv: string;
  numbers: ReportNumbers;
}

async function questionFigure(question: QuestionNumbers): Promise<QuestionFigure> {
  if (question.n === 0 || question.kind === "text") return { question, svg: null };
  const spec = question.kind === "numeric" ? histogramSpec(question) : optionsSpec(question);
  return { question, svg: await renderSvg(spec) };
}

export async function writeSurveyReport(survey: SurveyConfig, source: DataSource, filters: ReadFilters, outDir: string, now = new Date()): Promise<WrittenReport> {
  // The texts as respondents saw them: {professionalName} filled in, default placeholders from the preset.
  const config = resolveSurvey(survey);
  const tally = reportTally(config);
  for await (const page of readVisits(source, config.id, filters)) for (const visit of page) tally.addVisit(visit);
  const csvPath = join(outDir, `${config.id}.csv`);
  const csv = csvWriter(csvPath, config);
  try {
    for await (const page of readResponses(source, config.table, filters)) {
      for (const row of page) {
        tally.addResponse(row);
        await csv.write(row);
      }
    }
  } finally {
    await csv.close();
  }
  const numbers = tally.result();
  const questions: QuestionFigure[] = [];
  for (const question of numbers.questions) questions.push(await questionFigure(question));
  const charts = {
    funnel: numbers.funnel ? await renderSvg(funnelSpec(numbers.funnel)) : null,
    sources: await Promise.all(numbers.sources.map(({ field, rows }) => renderSvg(sourcesSpec(field, rows)))),
    perDay: numbers.perDay.length > 0 ? await renderSvg(perDaySpec(numbers.perDay)) : null,
    questions,
  };
  const html = reportHtml({ surveyId: config.id, title: config.pageTitle, language: config.language, generatedAt: now.toISOString(), filters: describeFilters(filters), numbers, charts });
  const htmlPath = join(outDir, `${config.id}.html`);
  await writeFile(htmlPath, html);
  return { html: htmlPath, csv: csvPath, numbers };
}
