/**
 * Step three: numbers → one self-contained HTML page (inline CSS, no script,
 * nothing fetched). The sections are the results site's own components
 * (src/report/sections/), rendered here to static markup: one renderer for
 * both. The page is in the report's language; the survey's own texts in it
 * carry the survey's language (lang), so that screen readers pronounce both right.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { interpolate } from "../../src/core/interpolate.ts";
import { escapeHtml, phraseHtml, surveyTextHtml, type Formatters } from "../../src/report/format.ts";
import type { ReportNumbers } from "../../src/report/numbers.ts";
import type { PartialNumbers } from "../../src/report/partial-numbers.ts";
import { ReportSections } from "../../src/report/sections/report-sections.tsx";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { REPORT_CSS } from "./report-style.ts";
import type { CrosstabAxis } from "../../src/report/crosstab/axes.ts";
import type { CrosstabCounts } from "../../src/report/crosstab/table.ts";
import { crosstabWordsFor } from "../../src/report/crosstab/words.ts";
import { CrosstabSection } from "../../src/report/sections/crosstab/crosstab-section.tsx";
import { TrendSection } from "../../src/report/sections/trend/trend-section.tsx";
import { trendWordsFor } from "../../src/report/trend/words.ts";
import { armWordsFor } from "../../src/report/arms/words.ts";
import { ArmSection } from "../../src/report/sections/arms/arm-section.tsx";
import { versionWordsFor } from "../../src/report/versions/words.ts";
import type { PositionEffect } from "../../src/report/positions/position-effects.ts";
import { positionWordsFor } from "../../src/report/positions/words.ts";
import { PositionSection } from "../../src/report/sections/positions/position-section.tsx";
import { VersionSection } from "../../src/report/sections/versions/version-section.tsx";
import type { PublishedVersion } from "../../src/report/versions/version-comparison.ts";
import { withScriptlessPolicy } from "../security-headers/policy.ts";
import type { CodedOther } from "../../src/report/other-codes/coded-others.ts";
import { otherCodesWordsFor } from "../../src/report/other-codes/words.ts";
import { CodedOthersSection } from "../../src/report/sections/other-codes/coded-others-section.tsx";

export interface ReportPage {
  surveyId: string;
  title: string;
  generatedAt: string;
  /** The filters as the header states them, e.g. ["desde 2026-11-01", "utm_source = instagram"]. */
  filters: string[];
  numbers: ReportNumbers;
  /** For a survey with partial responses: finished and unfinished apart, times per question. */
  partial?: { numbers: PartialNumbers; questions: SurveyConfig["questions"] };
  /** --crosstab: each pair of axes with the database's counts. */
  crosstabs?: { rows: CrosstabAxis; columns: CrosstabAxis; counts: CrosstabCounts }[];
  /** --trend: each question against the week or month axis, with the database's counts. */
  trends?: { question: CrosstabAxis; periods: CrosstabAxis; counts: CrosstabCounts }[];
  /** A survey with A/B arms: each question against the arm, with the database's counts. */
  byArm?: { question: CrosstabAxis; arms: CrosstabAxis; counts: CrosstabCounts }[];
  /** Each question with shuffled options: how often its answer stood in each place shown. */
  positions?: PositionEffect[];
  /** The "other" texts the team has coded on the results site, with their codes (none: no section). */
  codedOthers?: CodedOther[];
  /** Responses from several definition versions: each question against the version, each version in its own labels. */
  byVersion?: { question: CrosstabAxis; versions: CrosstabAxis; published: PublishedVersion[]; counts: CrosstabCounts }[];
}

/** The report declares its Content-Security-Policy itself: no script may run in it, only its own stylesheet applies. */
export function reportHtml(page: ReportPage, f: Formatters): string {
  return withScriptlessPolicy(reportDocument(page, f));
}

function reportDocument(page: ReportPage, f: Formatters): string {
  const words = f.words;
  const filters = page.filters.length > 0 ? interpolate(words.page.filters, { filters: page.filters.join("; ") }) : words.page.noFilters;
  const sections = renderToStaticMarkup(createElement(ReportSections, { numbers: page.numbers, f, filtered: page.filters.length > 0, partial: page.partial }));
  const crosstabWords = crosstabWordsFor(f.language);
  const crosstabs = (page.crosstabs ?? []).map(({ rows, columns, counts }, at) => `<section class="card" aria-labelledby="crosstab-${at}"><h2 id="crosstab-${at}">${escapeHtml(crosstabWords.heading)}</h2>${renderToStaticMarkup(createElement(CrosstabSection, { rows, columns, counts, words: crosstabWords, f }))}</section>`).join("\n");
  const trendWords = trendWordsFor(f.language);
  const trends = (page.trends ?? []).map(({ question, periods, counts }, at) => `<section class="card" aria-labelledby="trend-${at}"><h2 id="trend-${at}">${escapeHtml(trendWords.heading)}</h2>${renderToStaticMarkup(createElement(TrendSection, { question, periods, counts, words: trendWords, crosstab: crosstabWords, f }))}</section>`).join("\n");
  const armWords = armWordsFor(f.language);
  const byArm = page.byArm?.length ? `\n<section class="card" aria-labelledby="by-arm"><h2 id="by-arm">${escapeHtml(armWords.heading)}</h2>${page.byArm.map(({ question, arms, counts }) => renderToStaticMarkup(createElement(ArmSection, { question, arms, counts, words: armWords, crosstab: crosstabWords, f }))).join("")}</section>` : "";
  const positionWords = positionWordsFor(f.language);
  const positions = page.positions?.length ? `\n<section class="card" aria-labelledby="positions"><h2 id="positions">${escapeHtml(positionWords.heading)}</h2><p class="meta">${escapeHtml(positionWords.intro)}</p>${page.positions.map((effect) => renderToStaticMarkup(createElement(PositionSection, { effect, words: positionWords, f }))).join("")}</section>` : "";
  const otherWords = otherCodesWordsFor(f.language);
  const codedOthers = page.codedOthers?.length ? `\n<section class="card" aria-labelledby="coded-others"><h2 id="coded-others">${escapeHtml(otherWords.heading)}</h2>${renderToStaticMarkup(createElement(CodedOthersSection, { others: page.codedOthers, words: otherWords, f }))}</section>` : "";
  const versionWords = versionWordsFor(f.language);
  const byVersion = page.byVersion?.length ? `\n<section class="card" aria-labelledby="by-version"><h2 id="by-version">${escapeHtml(versionWords.heading)}</h2><p class="meta">${escapeHtml(versionWords.intro)}</p>${page.byVersion.map((each) => renderToStaticMarkup(createElement(VersionSection, { ...each, words: versionWords, crosstab: crosstabWords, f }))).join("")}</section>` : "";
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
${sections}
${crosstabs}${trends && `\n${trends}`}${byArm}${byVersion}${positions}${codedOthers}
</main>
</body>
</html>
`;
}
