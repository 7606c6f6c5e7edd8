/**
 * Step two: numbers → Vega-Lite specs (JSON, like the surveys). One function
 * per kind of figure; each spec carries a description in the report's
 * language, which renderSvg puts on the SVG as its accessible name. Numbers are
 * only placed, never computed; the axes format theirs with Intl through the
 * expression functions that render-svg.ts registers.
 */
import type { TopLevelSpec } from "vega-lite";
import { interpolate } from "../../src/core/interpolate.ts";
import { toolsOfType } from "../../src/question-types/registry.ts";
import type { Formatters } from "../../src/report/format.ts";
import type { FunnelStep, ReportNumbers } from "../../src/report/numbers.ts";
import type { ChoiceNumbers, NumericNumbers } from "../../src/report/question-numbers.ts";

/** Axis labels formatted by Intl in a given language, `${NUMBER_FORMAT}(datum.value, "pt-BR")`: expression functions render-svg.ts registers under these names (named here, so that the specs load without vega). */
export const NUMBER_FORMAT = "reportNumber";
export const DAY_FORMAT = "reportDay";

const WIDTH = 520;
const BAR = "#1d4ed8";
// The SVG is one image named by its description: Vega's own labels for axes and marks are English.
const CONFIG = {
  aria: false,
  font: "system-ui, sans-serif",
  axis: { labelFontSize: 12, titleFontSize: 12, labelLimit: 260 },
  view: { stroke: null },
} as const;

/** An axis of counts, its labels written by Intl in the report's language. */
const countAxis = (f: Formatters) => ({ tickMinStep: 1, labelExpr: `${NUMBER_FORMAT}(datum.value, ${JSON.stringify(f.language)})` });

function horizontalBars(description: string, values: { label: string; count: number; text: string }[], xTitle: string, f: Formatters): TopLevelSpec {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description,
    width: WIDTH - 280,
    height: { step: 24 },
    data: { values },
    encoding: {
      y: { field: "label", type: "nominal", sort: null, title: null },
      x: { field: "count", type: "quantitative", title: xTitle, axis: countAxis(f) },
    },
    layer: [
      { mark: { type: "bar", color: BAR } },
      { mark: { type: "text", align: "left", dx: 4, color: "#111827" }, encoding: { text: { field: "text" } } },
    ],
    config: CONFIG,
  };
}

const countAndShare = (count: number, share: number, f: Formatters) => `${f.integer(count)} (${f.percent(share)})`;

export function optionsSpec(question: ChoiceNumbers, f: Formatters): TopLevelSpec {
  const words = f.words.question;
  return horizontalBars(
    interpolate(f.counted(words.optionsChart, question.n), { title: question.title }),
    question.options.map((option) => ({ label: option.label, count: option.count, text: countAndShare(option.count, option.share, f) })),
    question.kind === "multiple" ? words.chosenAxis : words.answersAxis,
    f,
  );
}

export function histogramSpec(question: NumericNumbers, f: Formatters): TopLevelSpec {
  // Every value its own bar (a slider's scale), or bins (typed numbers): the question type's choice.
  const ordinal = toolsOfType(question.type).report.histogram === "ordinal";
  const valueAxis = { labelExpr: `${NUMBER_FORMAT}(datum.value, ${JSON.stringify(f.language)})`, ...(ordinal ? { labelAngle: 0 } : {}) };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: interpolate(f.counted(f.words.question.histogramChart, question.n), { title: question.title }),
    width: WIDTH - 80,
    height: 180,
    data: { values: question.histogram },
    mark: { type: "bar", color: BAR },
    encoding: {
      x: { field: "value", type: ordinal ? "ordinal" : "quantitative", title: f.words.question.valueAxis, axis: valueAxis, ...(ordinal ? {} : { bin: { maxbins: 30 } }) },
      y: { field: "count", type: "quantitative", aggregate: "sum", title: f.words.question.answersAxis, axis: countAxis(f) },
    },
    config: CONFIG,
  };
}

/** What a funnel step is called: the question's number and title, or the report's words for the two ends. */
export function funnelLabel(step: FunnelStep, f: Formatters): string {
  if (step.kind === "opened") return f.words.dropOff.opened;
  if (step.kind === "submitted") return f.words.dropOff.submitted;
  return step.label!;
}

export function funnelSpec(funnel: FunnelStep[], f: Formatters): TopLevelSpec {
  const opened = funnel[0]!.visits;
  return horizontalBars(
    f.counted(f.words.dropOff.chart, opened),
    funnel.map((step) => ({ label: funnelLabel(step, f), count: step.visits, text: countAndShare(step.visits, opened === 0 ? 0 : step.visits / opened, f) })),
    f.words.dropOff.axis,
    f,
  );
}

export function sourcesSpec(field: string, rows: ReportNumbers["sources"][number]["rows"], f: Formatters): TopLevelSpec {
  return horizontalBars(
    interpolate(f.words.sources.chart, { field }),
    rows.map((row) => ({ label: row.value || f.words.page.noValue, count: row.responses, text: f.integer(row.responses) })),
    f.words.sources.axis,
    f,
  );
}

export function perDaySpec(perDay: ReportNumbers["perDay"], f: Formatters): TopLevelSpec {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: f.words.perDay.chart,
    width: WIDTH - 80,
    height: 160,
    data: { values: perDay },
    mark: { type: "bar", color: BAR },
    encoding: {
      x: { field: "day", type: "temporal", timeUnit: "utcyearmonthdate", title: f.words.perDay.axis, axis: { labelAngle: 0, labelExpr: `${DAY_FORMAT}(datum.value, ${JSON.stringify(f.language)})` } },
      y: { field: "responses", type: "quantitative", title: f.words.perDay.countAxis, axis: countAxis(f) },
    },
    config: CONFIG,
  };
}
