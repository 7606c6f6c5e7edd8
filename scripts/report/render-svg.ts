/**
 * Step three: a Vega-Lite spec → an SVG string, in Node without a browser
 * or canvas (Vega's headless View with renderer "none"). Vega escapes the
 * texts it writes. The SVG is one image (role="img") named by the spec's
 * description; the table under each chart holds its numbers for screen readers.
 */
import { expressionFunction, parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { DAY_FORMAT, NUMBER_FORMAT } from "./chart-specs.ts";
import { escapeHtml } from "../../src/report/format.ts";

expressionFunction(NUMBER_FORMAT, (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value));
expressionFunction(DAY_FORMAT, (value: number | Date, language: string) => new Intl.DateTimeFormat(language, { day: "numeric", month: "numeric", timeZone: "UTC" }).format(new Date(value)));

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: "none" });
  try {
    // Vega's own roles inside (mark containers, in English) would be unnamed parts of an image.
    const svg = (await view.toSVG()).replace(/ (role|aria-roledescription)="[^"]*"/g, "");
    return svg.replace("<svg ", `<svg role="img" aria-label="${escapeHtml(spec.description ?? "")}" `);
  } finally {
    view.finalize();
  }
}
