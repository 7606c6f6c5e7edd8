/**
 * Step two: numbers → Vega-Lite specs (JSON, like the surveys). One function
 * per kind of figure; each spec carries a description, which Vega puts on
 * the SVG as its accessible name. Numbers are only placed, never computed.
 */
import type { TopLevelSpec } from "vega-lite";
import type { FunnelStep, ReportNumbers } from "./numbers.ts";
import type { ChoiceNumbers, NumericNumbers } from "./question-numbers.ts";

const WIDTH = 520;
const BAR = "#1d4ed8";
const CONFIG = {
  font: "system-ui, sans-serif",
  axis: { labelFontSize: 12, titleFontSize: 12, labelLimit: 260 },
  view: { stroke: null },
} as const;

const percent = (share: number) => `${(share * 100).toFixed(1).replace(".", ",")} %`;

function horizontalBars(description: string, values: { label: string; count: number; text: string }[], xTitle: string): TopLevelSpec {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description,
    width: WIDTH - 280,
    height: { step: 24 },
    data: { values },
    encoding: {
      y: { field: "label", type: "nominal", sort: null, title: null },
      x: { field: "count", type: "quantitative", title: xTitle, axis: { tickMinStep: 1, format: "d" } },
    },
    layer: [
      { mark: { type: "bar", color: BAR } },
      { mark: { type: "text", align: "left", dx: 4, color: "#111827" }, encoding: { text: { field: "text" } } },
    ],
    config: CONFIG,
  };
}

export function optionsSpec(question: ChoiceNumbers): TopLevelSpec {
  return horizontalBars(
    `${question.title}: respuestas por opción, de ${question.n} que respondieron`,
    question.options.map((option) => ({ label: option.label, count: option.count, text: `${option.count} (${percent(option.share)})` })),
    question.kind === "multiple" ? "personas que la eligieron" : "respuestas",
  );
}

export function histogramSpec(question: NumericNumbers): TopLevelSpec {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `${question.title}: distribución de ${question.n} respuestas`,
    width: WIDTH - 80,
    height: 180,
    data: { values: question.histogram },
    mark: { type: "bar", color: BAR },
    encoding: {
      x: { field: "value", type: question.type === "slider" ? "ordinal" : "quantitative", title: "valor", ...(question.type === "slider" ? { axis: { labelAngle: 0 } } : { bin: { maxbins: 30 } }) },
      y: { field: "count", type: "quantitative", aggregate: "sum", title: "respuestas", axis: { tickMinStep: 1, format: "d" } },
    },
    config: CONFIG,
  };
}

export function funnelSpec(funnel: FunnelStep[]): TopLevelSpec {
  const opened = funnel[0]!.visits;
  return horizontalBars(
    `Embudo: de ${opened} visitas, cuántas llegaron a cada pregunta y cuántas enviaron`,
    funnel.map((step) => ({ label: step.label, count: step.visits, text: `${step.visits} (${percent(opened === 0 ? 0 : step.visits / opened)})` })),
    "visitas",
  );
}

export function sourcesSpec(field: string, rows: ReportNumbers["sources"][number]["rows"]): TopLevelSpec {
  return horizontalBars(
    `Respuestas por ${field}`,
    rows.map((row) => ({ label: row.value || "(sin valor)", count: row.responses, text: String(row.responses) })),
    "respuestas",
  );
}

export function perDaySpec(perDay: ReportNumbers["perDay"]): TopLevelSpec {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: "Respuestas por día (UTC)",
    width: WIDTH - 80,
    height: 160,
    data: { values: perDay },
    mark: { type: "bar", color: BAR },
    encoding: {
      x: { field: "day", type: "temporal", timeUnit: "utcyearmonthdate", title: "día (UTC)", axis: { format: "%d/%m", labelAngle: 0 } },
      y: { field: "responses", type: "quantitative", title: "respuestas", axis: { tickMinStep: 1, format: "d" } },
    },
    config: CONFIG,
  };
}
