/**
 * The inline script that records input made on a prerendered page before its
 * scripts have run (replayed by src/early-input.tsx): in <head>, so that it
 * listens before anything is painted. A press is a click on a button of the
 * page (a click on an option's text reaches its button as a click of its
 * own), or a release on a disabled one (Próximo before the answer is seen;
 * no click fires there). A press on the button pressed (or Enter-ed) just
 * before is left out: a respondent who saw nothing happen and tapped again
 * meant it once, and Enter on a radio moves on rather than choosing.
 */
import { EARLY_INPUT_GLOBAL } from "../src/early-input-records.ts";

const CAPTURE = `(function (w, q, last) {
  w.${EARLY_INPUT_GLOBAL} = q;
  function record(e) {
    var t = e.target, k = e.type == "keydown" ? e.key : "";
    if (w.${EARLY_INPUT_GLOBAL} !== q || !t.closest || !t.closest("#root")) return;
    if (k) { if (k != "Enter" && k.indexOf("Arrow")) return; }
    else if (!(t = t.closest("button")) || e.type == "pointerup" && !t.disabled || last && last[0] == t && last[1].indexOf("Arrow")) return;
    q.push(last = [t, k]);
  }
  ["click", "pointerup", "keydown"].forEach(function (n) { document.addEventListener(n, record, true); });
})(window, []);`;

/** Adds the capture to a page's <head>, without its indentation (about 500 B). */
export function captureEarlyInput(html: string): string {
  return html.replace("</head>", `  <script>${CAPTURE.replace(/\n\s*/g, "")}</script>\n  </head>`);
}
