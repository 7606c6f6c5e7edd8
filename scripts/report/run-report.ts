/**
 * One survey's report, the pipeline end to end: the numbers computed by the
 * database (read-numbers.ts; a survey with arms also each question by arm, and
 * one whose rows come from several definition versions each question by version, one with shuffled options where each answer stood) → HTML (the sections the results site shows); the responses read
 * page by page straight into the CSV. Writes <out>/<survey-id>.html and <out>/<survey-id>.csv, each
 * first under a temporary name beside it and renamed once both are complete:
 * a failed or interrupted run leaves no half-written file under the final
 * names, and an earlier report stays as it was.
 */
import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { positionAxes, positionEffect } from "../../src/report/positions/position-effects.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { copyCsv } from "./copy-csv.ts";
import { csvWriter } from "./csv.ts";
import { formatters, type Formatters } from "../../src/report/format.ts";
import { reportHtml } from "./html.ts";
import type { ReportNumbers } from "../../src/report/numbers.ts";
import { describeFilters, reportLanguageOf } from "./options.ts";
import { NO_PROGRESS, type ReportProgress } from "./progress.ts";
import { readNumbers } from "./read-numbers.ts";
import { readPartialNumbers } from "./partial-numbers.ts";
import { usesPartialResponses } from "../../src/core/partial-response.ts";
import { readResponses, type DataSource, type ReadFilters } from "./read-rows.ts";
import { numbersRequest, reportNumbersOf } from "../../src/report/sql-numbers.ts";
import { reportZone } from "../../src/report/time-zone.ts";
import { QUALITY_COLUMN } from "../../src/core/quality.ts";
import type { CrosstabAxis } from "../../src/report/crosstab/axes.ts";
import { readCrosstab } from "./read-crosstab.ts";
import { armAxes } from "../../src/report/arms/arm-comparison.ts";
import { severalVersions, versionAxes } from "../../src/report/versions/version-comparison.ts";
import { readVersions } from "./read-versions.ts";
import { crosstabTable } from "../../src/report/crosstab/table.ts";
import { crosstabCsv, crosstabCsvName } from "../../src/report/crosstab/csv.ts";
import { crosstabWordsFor } from "../../src/report/crosstab/words.ts";
import { axisTitle, keyNames } from "../../src/report/sections/crosstab/crosstab-section.tsx";
import { codedOthersOf, otherFieldsOf, withCodes, type OtherTexts } from "../../src/report/other-codes/coded-others.ts";
import { callReport } from "./report-call.ts";

export interface WrittenReport {
  html: string;
  csv: string;
  /** One CSV per --crosstab, beside the report: the numbers of its table in the HTML. */
  crosstabCsvs: string[];
  numbers: ReportNumbers;
}

export interface ReportRun {
  /** The report's language (--language); by default the survey file's reportLanguage, else its language. */
  language?: string;
  now?: Date;
  /** Where the run says how far it is (the terminal's progress line). */
  progress?: (f: Formatters) => ReportProgress;
  /** Ctrl-C: reading stops and nothing is written under the final names. */
  signal?: AbortSignal;
  /** --crosstab: the pairs of axes whose cross-tabs the HTML adds. */
  crosstabs?: [CrosstabAxis, CrosstabAxis][];
  /** --trend: each question with the week or month axis. */
  trends?: [CrosstabAxis, CrosstabAxis][];
  /** How the database counted: "tallies", or "scan: " and why (report.survey_numbers). */
  onNumbers?: (path: string) => void;
}

/** With flagged responses left out (--exclude-flagged): how many, the same filters counting them in; else null. */
async function flaggedLeftOut(config: SurveyConfig, source: DataSource, filters: ReadFilters, unflagged: number, timeZone: string, signal?: AbortSignal): Promise<number | null> {
  if (filters.where[QUALITY_COLUMN] === undefined) return null;
  const where = Object.fromEntries(Object.entries(filters.where).filter(([field]) => field !== QUALITY_COLUMN));
  const all = await readNumbers(source, numbersRequest(config, { ...filters, where }, timeZone), signal);
  return reportNumbersOf(config, all).responses - unflagged;
}

/** Each question against the definition version, when the rows come from more than one published version; else none. */
async function readByVersion(config: SurveyConfig, source: DataSource, request: object, signal?: AbortSignal) {
  const published = await readVersions(source, config.table, signal);
  if (published.length < 2) return [];
  const { questions, versions } = versionAxes(config, published);
  const byVersion = [];
  for (const question of questions) byVersion.push({ question, versions, published, counts: await readCrosstab(source, request, question, versions, signal) });
  return byVersion.some(({ counts }) => severalVersions(counts)) ? byVersion : [];
}

export async function writeSurveyReport(survey: SurveyConfig, source: DataSource, filters: ReadFilters, outDir: string, run: ReportRun = {}): Promise<WrittenReport> {
  // The texts as respondents saw them: {professionalName} filled in, default placeholders from the preset.
  const config = resolveSurvey(survey);
  const zone = reportZone(config);
  const f = formatters(reportLanguageOf(config, run), config.language, zone);
  const progress = run.progress?.(f) ?? NO_PROGRESS;
  const [htmlPath, csvPath] = [join(outDir, `${config.id}.html`), join(outDir, `${config.id}.csv`)];
  const [htmlTemp, csvTemp] = [htmlPath, csvPath].map((path) => `${path}.${process.pid}.tmp`) as [string, string];
  const temporary = [htmlTemp, csvTemp];
  try {
    const counted = await readNumbers(source, numbersRequest(config, filters, zone.sql), run.signal);
    run.onNumbers?.(counted.path);
    const numbers = reportNumbersOf(config, counted);
    const flagged = await flaggedLeftOut(config, source, filters, numbers.responses, zone.sql, run.signal);
    // The fields the team has coded on the results site, in one call (report.coded_others: none coded, no row read).
    const others = await callReport<Record<string, OtherTexts>>(source, "coded_others", { survey: numbersRequest(config, filters, zone.sql), texts: otherFieldsOf(config) }, "the coded \"other\" answers", run.signal);
    const crosstabs = [];
    for (const [rows, columns] of run.crosstabs ?? []) {
      const [r, c] = [withCodes(rows, others), withCodes(columns, others)];
      crosstabs.push({ rows, columns, counts: await readCrosstab(source, numbersRequest(config, filters, zone.sql), r, c, run.signal) });
    }
    const armed = armAxes(config);
    const byArm = [];
    for (const question of armed?.questions ?? []) byArm.push({ question, arms: armed!.arms, counts: await readCrosstab(source, numbersRequest(config, filters, zone.sql), question, armed!.arms, run.signal) });
    const byVersion = await readByVersion(config, source, numbersRequest(config, filters, zone.sql), run.signal);
    const positions = [];
    for (const axes of positionAxes(config)) positions.push(positionEffect(axes, await readCrosstab(source, numbersRequest(config, filters, zone.sql), axes.question, axes.position, run.signal)));
    const trends = [];
    for (const [question, periods] of run.trends ?? []) trends.push({ question, periods, counts: await readCrosstab(source, numbersRequest(config, filters, zone.sql), question, periods, run.signal) });
    // Each cross-tab's CSV: its table's numbers, as the HTML shows them.
    const words = crosstabWordsFor(f.language);
    const tables = crosstabs.filter(({ counts }) => counts.total > 0).map(({ rows, columns, counts }) => ({
      path: join(outDir, crosstabCsvName(config.id, rows.id, columns.id)),
      text: crosstabCsv(crosstabTable(rows, columns, counts, keyNames(words, f)), { rows: axisTitle(rows, words), columns: axisTitle(columns, words) }, words),
    }));
    temporary.push(...tables.map(({ path }) => `${path}.${process.pid}.tmp`));
    for (const { path, text } of tables) await writeFile(`${path}.${process.pid}.tmp`, text);
    const partial = usesPartialResponses(config) ? { numbers: await readPartialNumbers(source, config.table, filters), questions: config.questions } : undefined;
    if (source.databaseUrl) {
      // Records counted by line ends: a text holding a line break counts twice, so the progress may run a little ahead.
      progress.reading("responses", numbers.responses);
      await copyCsv(source.databaseUrl, config, filters, csvTemp, (records) => progress.read(records), run.signal);
    } else {
      const csv = csvWriter(csvTemp, config);
      try {
        const reading = { signal: run.signal, onTotal: (total: number | null) => progress.reading("responses", total) };
        for await (const page of readResponses(source, config.table, filters, reading)) {
          for (const row of page) await csv.write(row);
          progress.read(page.length);
        }
      } finally {
        await csv.close();
      }
    }
    progress.writing(htmlPath);
    const generatedAt = (run.now ?? new Date()).toISOString();
    await writeFile(htmlTemp, reportHtml({ surveyId: config.id, title: config.pageTitle, generatedAt, filters: [...describeFilters(filters, f.words), ...(flagged === null ? [] : [f.counted(f.words.page.flaggedExcluded, flagged)])], numbers, ...(partial && { partial }), crosstabs, trends, byArm, byVersion, positions, codedOthers: codedOthersOf(config, others) }, f));
    run.signal?.throwIfAborted();
    await rename(csvTemp, csvPath);
    for (const { path } of tables) await rename(`${path}.${process.pid}.tmp`, path);
    await rename(htmlTemp, htmlPath);
    return { html: htmlPath, csv: csvPath, crosstabCsvs: tables.map(({ path }) => path), numbers };
  } finally {
    progress.stop();
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
  }
}
