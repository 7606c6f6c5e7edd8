import { describe, expect, test } from "vitest";
import { AFTER_PAINT_ATTRIBUTE, loadScriptsAfterPaint } from "../../scripts/load-after-paint.ts";
import { htmlAssetUrls } from "../../scripts/bench/first-load.ts";

const BUILT = `<!doctype html>
<html lang="es">
  <head>
    <title>t</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-def.js">
  </head>
  <body>
    <div id="root"><h1>Pregunta</h1></div>
  </body>
</html>`;

describe("loadScriptsAfterPaint", () => {
  test("moves the module script and the preloads into one loader at the end of <body>, with the extra modules after them", () => {
    const html = loadScriptsAfterPaint(BUILT, ["/assets/medical-form-123.js"]);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(html).toContain(`<script ${AFTER_PAINT_ATTRIBUTE}="/assets/index-abc.js /assets/shared-def.js /assets/medical-form-123.js">`);
    expect(html.indexOf(AFTER_PAINT_ATTRIBUTE)).toBeGreaterThan(html.indexOf("<h1>Pregunta</h1>"));
    expect(html.indexOf(AFTER_PAINT_ATTRIBUTE)).toBeLessThan(html.indexOf("</body>"));
  });

  test("the first-load measure counts the loader's modules as loaded up front", () => {
    expect(htmlAssetUrls(loadScriptsAfterPaint(BUILT, ["/assets/medical-form-123.js"])).scripts).toEqual(["/assets/index-abc.js", "/assets/shared-def.js", "/assets/medical-form-123.js"]);
  });

  test("leaves a page without module scripts as it is", () => {
    const plain = "<html><head></head><body><p>x</p></body></html>";
    expect(loadScriptsAfterPaint(plain)).toBe(plain);
  });
});
