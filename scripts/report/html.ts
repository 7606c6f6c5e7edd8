/**
 * Step four: numbers + rendered charts → one self-contained HTML page (inline
 * CSS and SVG, no script, nothing fetched). Only formatting happens here. The
 * page is in the report's language; the survey's own texts in it carry the
 * survey's language (lang), so that screen readers pronounce both right.
 */
import { interpolate } from "../../src/core/interpolate.ts";
import { funnelLabel } from "./chart-specs.ts";
import { escapeHtml, phraseHtml, surveyTextHtml, type Formatters } from "../../src/report/format.ts";
import { figure, table } from "./html-parts.ts";
import { hasPrivacySection, privacySection } from "./html-privacy.ts";
import { questionSection, type QuestionFigure } from "./html-questions.ts";
import type { FunnelStep, ReportNumbers, SourceRow } from "../../src/report/numbers.ts";
import { REPORT_CSS } from "./report-style.ts";
import { partialSection } from "./html-partial.ts";
import type { PartialNumbers } from "./partial-numbers.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { withScriptlessPolicy } from "../security-headers/policy.ts";

export interface ReportPage {
  surveyId: string;
  title: string;
  generatedAt: string;
  /** The filters as the header states them, e.g. ["desde 2026-11-01", "utm_source = instagram"]. */
  filters: string[];
  numbers: ReportNumbers;
  /** For a survey with partial responses: finished and unfinished apart, times per question. */
  partial?: { numbers: PartialNumbers; questions: SurveyConfig["questions"] };
  charts: { funnel: string | null; sources: string[]; perDay: string | null; questions: QuestionFigure[] };
}

function headline(numbers: ReportNumbers, f: Formatters): string {
  const words = f.words.summary;
  const stats: [string, string, string][] = [
    ["responses", words.responses, f.integer(numbers.responses)],
    ["visits", words.visits, numbers.visits === null ? "—" : f.integer(numbers.visits)],
    ["completion", words.completionRate, f.percent(numbers.completionRate)],
    ["median-time", words.medianTime, f.duration(numbers.medianSecondsToComplete)],
    ["first", words.firstResponse, f.dateTime(numbers.firstResponse)],
    ["last", words.lastResponse, f.dateTime(numbers.lastResponse)],
  ];
  return `<dl class="headline">\n${stats.map(([id, name, value]) => `<div id="stat-${id}"><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd></div>`).join("\n")}\n</dl>`;
}

/** The campaign's window and limit; how full only for an unfiltered report, whose rows are all the stored ones. */
function campaign(page: ReportPage, f: Formatters): string {
  const c = page.numbers.campaign;
  if (!c) return "";
  const words = f.words.campaign;
  const from = c.opensAt ? interpolate(words.from, { date: f.dateTime(c.opensAt) }) : words.fromPublication;
  const until = c.closesAt ? interpolate(words.until, { date: f.dateTime(c.closesAt) }) : words.noClosing;
  const window = interpolate(words.window, { from, until });
  const received = page.filters.length === 0 && c.maxResponses !== null;
  const limit =
    c.maxResponses === null
      ? words.noLimit
      : interpolate(f.counted(received ? words.limitReceived : words.limit, c.maxResponses), {
          received: f.integer(c.counted),
          share: f.percent(c.counted / c.maxResponses),
        });
  return `<p class="meta" id="campaign">${escapeHtml(`${window} ${limit}`)}</p>`;
}

/** Responses per ending, for a survey that lists endings. */
function endings(page: ReportPage, f: Formatters): string {
  const words = f.words.endings;
  const { responses } = page.numbers;
  return table<{ id: string; responses: number }>([
    { header: words.ending, cell: (row) => row.id },
    { header: words.responses, numeric: true, cell: (row) => f.integer(row.responses) },
    { header: words.share, numeric: true, cell: (row) => f.percent(responses === 0 ? null : row.responses / responses) },
  ], page.numbers.endings ?? []);
}

/** Responses per language, for a survey in several languages: the other numbers count every language together. */
function languages(page: ReportPage, f: Formatters): string {
  const words = f.words.languages;
  const { responses } = page.numbers;
  return table<{ language: string; responses: number }>([
    { header: words.language, cell: (row) => row.language },
    { header: words.responses, numeric: true, cell: (row) => f.integer(row.responses) },
    { header: words.share, numeric: true, cell: (row) => f.percent(responses === 0 ? null : row.responses / responses) },
  ], page.numbers.languages ?? []);
}

function dropOff(page: ReportPage, f: Formatters): string {
  const { funnel, biggestDrop } = page.numbers;
  const words = f.words.dropOff;
  if (!funnel || !page.charts.funnel) return `<p>${escapeHtml(words.noVisits)}</p>`;
  const opened = funnel[0]!.visits;
  const drop = biggestDrop
    ? `<p class="drop" id="biggest-drop">${phraseHtml(f.counted(words.biggestDrop, biggestDrop.lost), { question: surveyTextHtml(biggestDrop.label, f) })}</p>`
    : `<p>${escapeHtml(words.noDrop)}</p>`;
  const numbers = table<FunnelStep>([
    // The question steps are the survey's texts; the two ends are the report's words.
    { header: words.step, lang: (step) => (step.kind === "question" ? f.surveyLanguage : undefined), cell: (step) => funnelLabel(step, f) },
    { header: words.visits, numeric: true, cell: (step) => f.integer(step.visits) },
    { header: words.shareOfOpened, numeric: true, cell: (step) => f.percent(opened === 0 ? null : step.visits / opened) },
  ], funnel);
  return `${drop}\n${figure(page.charts.funnel, f.counted(words.caption, opened), numbers, f)}`;
}

function sources(page: ReportPage, f: Formatters): string {
  const words = f.words.sources;
  if (page.numbers.sources.length === 0) return `<p>${escapeHtml(words.none)}</p>`;
  return page.numbers.sources.map(({ field, rows }, index) => {
    const numbers = table<SourceRow>([
      { header: field, cell: (row) => row.value || f.words.page.noValue },
      { header: words.visits, numeric: true, cell: (row) => f.integer(row.visits) },
      { header: words.responses, numeric: true, cell: (row) => f.integer(row.responses) },
      { header: words.completionRate, numeric: true, cell: (row) => f.percent(row.completionRate) },
    ], rows);
    return `<h3 id="source-${escapeHtml(field)}">${escapeHtml(field)}</h3>\n${figure(page.charts.sources[index]!, interpolate(words.caption, { field }), numbers, f)}`;
  }).join("\n");
}

function perDay(page: ReportPage, f: Formatters): string {
  const words = f.words.perDay;
  if (!page.charts.perDay) return `<p>${escapeHtml(words.none)}</p>`;
  const numbers = table([
    { header: words.day, cell: (day: { day: string }) => f.date(day.day) },
    { header: words.responses, numeric: true, cell: (day: { responses: number }) => f.integer(day.responses) },
  ], page.numbers.perDay);
  return figure(page.charts.perDay, words.caption, numbers, f);
}

/** The report declares its Content-Security-Policy itself: no script may run in it, only its own stylesheet applies. */
export function reportHtml(page: ReportPage, f: Formatters): string {
  return withScriptlessPolicy(reportDocument(page, f));
}

function reportDocument(page: ReportPage, f: Formatters): string {
  const words = f.words;
  const filters = page.filters.length > 0 ? interpolate(words.page.filters, { filters: page.filters.join("; ") }) : words.page.noFilters;
  const questions = page.charts.questions.map((entry, index) => questionSection(entry, index + 1, page.numbers.responses, f)).join("\n");
  const sections: [string, string, string][] = [
    ["summary", words.sections.summary, `${headline(page.numbers, f)}\n${campaign(page, f)}`],
    ...(page.partial ? [["partial", words.partial.section, partialSection(page.partial.numbers, page.partial.questions, f)] as [string, string, string]] : []),
    ["drop-off", words.sections.dropOff, dropOff(page, f)],
    ["sources", words.sections.sources, sources(page, f)],
    ...(page.numbers.endings ? [["endings", words.sections.endings, endings(page, f)] as [string, string, string]] : []),
    ...(page.numbers.languages ? [["languages", words.sections.languages, languages(page, f)] as [string, string, string]] : []),
    ...(hasPrivacySection(page.numbers) ? [["privacy", words.sections.privacy, privacySection(page.numbers, f)] as [string, string, string]] : []),
    ["per-day", words.sections.perDay, perDay(page, f)],
    ["questions", words.sections.questions, questions],
  ];
  return `<!doctype html>
<html lang="${escapeHtml(f.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(interpolate(words.page.title, { title: page.title }))}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
<header>
<h1>${phraseHtml(words.page.heading, { title: surveyTextHtml(page.title, f) })}</h1>
<p class="meta">${phraseHtml(words.page.meta, { survey: `<code>${escapeHtml(page.surveyId)}</code>`, date: escapeHtml(f.dateTime(page.generatedAt)) })}</p>
<p class="meta" id="filters">${escapeHtml(filters)}</p>
</header>
${sections.map(([id, heading, body]) => `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2>\n${body}\n</section>`).join("\n")}
</main>
</body>
</html>
`;
}
