/**
 * Step three: a Vega-Lite spec → an SVG string, in Node without a browser
 * or canvas (Vega's headless View with renderer "none"). Vega escapes the
 * texts it writes and labels marks for screen readers.
 */
import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
