/** The per-question sections of the report, in the survey's order. */
import { interpolate } from "../../src/core/interpolate.ts";
import type { NpsScore } from "../../src/question-types/nps/score.ts";
import { escapeHtml, phraseHtml, surveyTextHtml, type Formatters } from "../../src/report/format.ts";
import { figure, table, textList } from "./html-parts.ts";
import type { ChoiceNumbers, MatrixNumbers, MonthNumbers, NumericNumbers, OptionCount, QuestionNumbers, RankingNumbers } from "../../src/report/question-numbers.ts";

export interface QuestionFigure {
  question: QuestionNumbers;
  /** Its chart, absent for text questions. */
  svg: string | null;
}

function optionsBody(question: ChoiceNumbers, svg: string, f: Formatters): string {
  const words = f.words.question;
  const numbers = table<OptionCount>([
    { header: words.option, lang: f.surveyLanguage, cell: (option) => option.label },
    { header: words.responses, numeric: true, cell: (option) => f.integer(option.count) },
    { header: question.kind === "multiple" ? words.shareMultiple : words.share, numeric: true, cell: (option) => f.percent(option.share) },
  ], question.options);
  const caption = f.counted(words.optionsCaption, question.n);
  const others = question.others && question.others.newest.length > 0
    ? `<h4>${question.othersLabel ? surveyTextHtml(question.othersLabel, f) : escapeHtml(words.otherAnswers)}</h4>\n${textList(question.others, f)}`
    : "";
  return `${figure(svg, caption, numbers, f)}\n${others}`;
}

/** Promoters, passives and detractors with their shares, and the score under them. */
function npsTable(nps: NpsScore, f: Formatters): string {
  const words = f.words.question;
  const share = (count: number) => f.percent(nps.n === 0 ? null : count / nps.n);
  const rows: [string, string, string][] = [
    [words.promoters, f.integer(nps.promoters), share(nps.promoters)],
    [words.passives, f.integer(nps.passives), share(nps.passives)],
    [words.detractors, f.integer(nps.detractors), share(nps.detractors)],
  ];
  const score = nps.score === null ? "" : `\n<p class="nps-score">${escapeHtml(words.npsScore)}: <strong>${escapeHtml(f.decimal(nps.score))}</strong></p>`;
  return table<[string, string, string]>([
    { header: words.measure, cell: ([name]) => name },
    { header: words.responses, numeric: true, cell: ([, count]) => count },
    { header: words.share, numeric: true, cell: ([, , value]) => value },
  ], rows).replace("<table>", '<table class="stats nps">') + score;
}

function numericBody(question: NumericNumbers, svg: string, f: Formatters): string {
  const { stats } = question;
  const words = f.words.question;
  const rows: [string, number][] = stats
    ? [[words.mean, stats.mean], [words.min, stats.min], [words.q1, stats.q1], [words.median, stats.median], [words.q3, stats.q3], [words.max, stats.max]]
    : [];
  const summary = table<[string, number]>([
    { header: words.measure, cell: ([name]) => name },
    { header: words.value, numeric: true, cell: ([, value]) => f.decimal(value) },
  ], rows);
  const histogram = table([
    { header: words.value, cell: (bar: { value: number }) => f.decimal(bar.value) },
    { header: words.responses, numeric: true, cell: (bar: { count: number }) => f.integer(bar.count) },
  ], question.histogram);
  const nps = question.nps ? `\n${npsTable(question.nps, f)}` : "";
  const notNumbers = question.notNumbers > 0 ? ` ${f.counted(words.notNumbers, question.notNumbers)}` : "";
  const caption = stats
    ? interpolate(f.counted(words.numericCaption, question.n), { median: f.decimal(stats.median), mean: f.decimal(stats.mean), q1: f.decimal(stats.q1), q3: f.decimal(stats.q3) })
    : words.noAnswers;
  return `${summary.replace("<table>", '<table class="stats">')}${nps}\n${figure(svg, `${caption}${notNumbers}`, histogram, f)}`;
}

/** Per option: how many ranked it, its mean place and how often it came first. */
function rankingBody(question: RankingNumbers, f: Formatters): string {
  const words = f.words.question;
  return table<RankingNumbers["options"][number]>([
    { header: words.option, lang: f.surveyLanguage, cell: (option) => option.label },
    { header: words.responses, numeric: true, cell: (option) => f.integer(option.count) },
    { header: words.meanRank, numeric: true, cell: (option) => (option.meanRank === null ? "–" : f.decimal(option.meanRank)) },
    { header: words.firstPlaces, numeric: true, cell: (option) => f.integer(option.firsts) },
  ], question.options);
}

/** Rows × columns: each cell the count and its share of those who answered. */
function matrixBody(question: MatrixNumbers, f: Formatters): string {
  const columns = question.rows[0]?.columns ?? [];
  return table<MatrixNumbers["rows"][number]>([
    { header: "", lang: f.surveyLanguage, cell: (row) => row.label },
    ...columns.map((column, index) => ({ header: column.label, numeric: true, cell: (row: MatrixNumbers["rows"][number]) => `${f.integer(row.columns[index]!.count)} (${f.percent(row.columns[index]!.share)})` })),
  ], question.rows);
}

/** Answers per month, and the earliest and latest date. */
function monthsBody(question: MonthNumbers, f: Formatters): string {
  const words = f.words.question;
  const range = question.first && question.last ? `<p>${escapeHtml(words.min)}: ${escapeHtml(question.first)} · ${escapeHtml(words.max)}: ${escapeHtml(question.last)}</p>\n` : "";
  return range + table<MonthNumbers["months"][number]>([
    { header: words.month, cell: (month) => month.month },
    { header: words.responses, numeric: true, cell: (month) => f.integer(month.count) },
  ], question.months);
}

export function questionSection({ question, svg }: QuestionFigure, position: number, responses: number, f: Formatters): string {
  const words = f.words.question;
  const id = `question-${escapeHtml(question.id)}`;
  const share = responses === 0 ? "" : ` ${phraseHtml(words.shareOfResponses, { share: escapeHtml(f.percent(question.n / responses)) })}`;
  let body: string;
  if (question.n === 0) body = `<p>${escapeHtml(words.nobody)}</p>`;
  else if (question.kind === "numeric") body = numericBody(question, svg!, f);
  else if (question.kind === "text") body = textList(question.texts, f);
  else if (question.kind === "count") body = "";
  else if (question.kind === "ranking") body = rankingBody(question, f);
  else if (question.kind === "matrix") body = matrixBody(question, f);
  else if (question.kind === "months") body = monthsBody(question, f);
  else body = optionsBody(question, svg!, f);
  return `<section aria-labelledby="${id}" data-question="${escapeHtml(question.id)}">
<h3 id="${id}">${position}. ${surveyTextHtml(question.title, f)}</h3>
<p class="n">${escapeHtml(f.counted(words.answered, question.n))}${share}</p>
${body}
</section>`;
}
