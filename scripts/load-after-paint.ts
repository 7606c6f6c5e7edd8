/**
 * A prerendered page is readable without any script, so its first paint
 * should wait for none. Chromium runs a module script that has already
 * arrived before it paints the page, and Lighthouse's simulation then counts
 * that script's download and run as part of the largest paint (a fast local
 * server always delivers it in time). So the built page's module scripts and
 * module preloads move into one small inline script at the end of <body>,
 * which imports them all at once, in parallel, once the first contentful
 * paint has been presented and a frame rendered after the loader ran has been
 * painted — that is, with the whole page on screen (the first contentful paint
 * alone may show a part of it when the parser yields on a busy device) — or
 * after 2 s in a hidden tab, which never paints.
 */

/** The attribute that lists the modules; scripts/bench/first-load.ts reads it too. */
export const AFTER_PAINT_ATTRIBUTE = "data-load-after-paint";

const LOADER = `(function (script) {
  var urls = script.getAttribute("${AFTER_PAINT_ATTRIBUTE}").split(" "), started = false;
  function load() {
    if (started) return;
    started = true;
    urls.forEach(function (url) { import(url); });
  }
  // Both: the first contentful paint has been presented, and a frame rendered after this script ran (the whole page).
  var painted = !(window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf("paint") >= 0), framed = false;
  function ready() { if (painted && framed) load(); }
  if (!painted) new PerformanceObserver(function (list) { if (list.getEntriesByName("first-contentful-paint").length) { painted = true; ready(); } }).observe({ type: "paint", buffered: true });
  requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(function () { framed = true; ready(); }); }); });
  setTimeout(load, 2000);
})(document.currentScript);`;

const MODULE_SCRIPT = /[ \t]*<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>\n?/g;

/** Moves the page's module scripts and preloads (then `extraModules`) into the after-paint loader. */
export function loadScriptsAfterPaint(html: string, extraModules: string[] = []): string {
  const modules: string[] = [];
  const collect = (_tag: string, url: string) => {
    modules.push(url);
    return "";
  };
  const stripped = html.replace(MODULE_SCRIPT, collect).replace(MODULE_PRELOAD, collect);
  const urls = [...new Set([...modules, ...extraModules])];
  if (urls.length === 0) return html;
  if (urls.some((url) => /[\s"<>]/.test(url))) throw new Error(`[prerender] a module URL with a space, quote or bracket cannot be listed: ${urls.join(", ")}`);
  return stripped.replace("</body>", `  <script ${AFTER_PAINT_ATTRIBUTE}="${urls.join(" ")}">${LOADER}</script>\n  </body>`);
}
