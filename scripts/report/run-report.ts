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
import { describeFilters, reportLanguageOf } from "./options.ts";
import { formatters, type Formatters } from "./format.ts";
import type { QuestionNumbers } from "./question-numbers.ts";
import { readResponses, readVisits, type DataSource, type ReadFilters } from "./read-rows.ts";
import { renderSvg } from "./render-svg.ts";

export interface WrittenReport {
  html: string;
  csv: string;
  numbers: ReportNumbers;
}

export interface ReportRun {
  /** The report's language (--language); by default the survey file's reportLanguage, else its language. */
  language?: string;
  now?: Date;
}

async function questionFigure(question: QuestionNumbers, f: Formatters): Promise<QuestionFigure> {
  if (question.n === 0 || question.kind === "text") return { question, svg: null };
  const spec = question.kind === "numeric" ? histogramSpec(question, f) : optionsSpec(question, f);
  return { question, svg: await renderSvg(spec) };
}

export async function writeSurveyReport(survey: SurveyConfig, source: DataSource, filters: ReadFilters, outDir: string, run: ReportRun = {}): Promise<WrittenReport> {
  // The texts as respondents saw them: {professionalName} filled in, default placeholders from the preset.
  const config = resolveSurvey(survey);
  const f = formatters(reportLanguageOf(config, run), config.language);
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
  for (const question of numbers.questions) questions.push(await questionFigure(question, f));
  const charts = {
    funnel: numbers.funnel ? await renderSvg(funnelSpec(numbers.funnel, f)) : null,
    sources: await Promise.all(numbers.sources.map(({ field, rows }) => renderSvg(sourcesSpec(field, rows, f)))),
    perDay: numbers.perDay.length > 0 ? await renderSvg(perDaySpec(numbers.perDay, f)) : null,
    questions,
  };
  const generatedAt = (run.now ?? new Date()).toISOString();
  const html = reportHtml({ surveyId: config.id, title: config.pageTitle, generatedAt, filters: describeFilters(filters, f.words), numbers, charts }, f);
  const htmlPath = join(outDir, `${config.id}.html`);
  await writeFile(htmlPath, html);
  return { html: htmlPath, csv: csvPath, numbers };
}
