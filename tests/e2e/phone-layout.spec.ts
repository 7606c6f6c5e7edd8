/**
 * The long scales, the ranking and the matrix on a phone, at 320 and 360 px
 * (tests/fixtures/surveys/phone-layout, in Portuguese): what the respondent
 * sees is asserted from the DOM's positions, not from pixels. An NPS 0–10 and
 * a 10-point scale read as one line at 360 px, or as two rows whose columns
 * line up with the end labels under their ends; every point is at least
 * 24 × 24 px and shows its focus; no ranking label cuts a word; a matrix row's
 * points are one line, in order, and a 4 × 5 matrix stays about a screen tall.
 *
 * UPDATE_DOCS_SCREENSHOTS=1 also writes docs/question-types/<id>-<width>.png.
 */
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { PRESETS } from "../../src/i18n/presets.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurveyFile } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/phone-layout");
const survey = loadSurveyFile(join(FIXTURE, "phone-layout.json"));
// A build of its own: generous on a machine shared with other work.
const spec = fixtureStack(FIXTURE);
const HEIGHT = 740;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const boxes = (locator: Locator): Promise<Box[]> => locator.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as Box));
const center = (box: Box) => box.x + box.width / 2;
const near = (a: number, b: number) => Math.abs(a - b) <= 1.5;

/** The boxes grouped into rows by their top, in order. */
function rowsOf(all: Box[]): Box[][] {
  const rows: Box[][] = [];
  for (const box of all) {
    const row = rows.find((candidate) => near(candidate[0]!.y, box.y));
    if (row) row.push(box);
    else rows.push([box]);
  }
  return rows;
}

/** The words of the elements' text that run over two lines (a word cut without a hyphen, where no hyphenation applies). */
const cutWords = (locator: Locator): Promise<string[]> =>
  locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const text = element.firstChild!;
      return [...(text.textContent ?? "").matchAll(/\S+/g)].flatMap((word) => {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [word[0]] : [];
      });
    }),
  );

/** Opens the survey and moves on (every question is optional) to the question `id`. */
async function openAt(page: Page, id: string): Promise<Locator> {
  await page.goto(new URL(survey.route, spec.stack.baseURL).href);
  const index = survey.questions.findIndex((question) => question.id === id);
  for (let i = 0; i <= index; i++) {
    const question = survey.questions[i]!;
    await expect(page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(question.title);
    if (i < index) await page.getByRole("button", { name: PRESETS["pt-BR"].messages.next }).click();
  }
  return page.locator(".question-stage[data-phase=idle]");
}

async function docsScreenshot(page: Page, id: string, width: number): Promise<void> {
  if (process.env.UPDATE_DOCS_SCREENSHOTS) await page.screenshot({ path: join(REPO_ROOT, `docs/question-types/${id}-${width}.png`), animations: "disabled", caret: "hide" });
}

/** What the scale at 360 px or 320 px must be: its number of rows. */
const SCALES = [
  { id: "recomendaria", points: 11, rows: { 360: 1, 320: 2 } },
  { id: "utilidade", points: 10, rows: { 360: 1, 320: 2 } },
] as const;

for (const width of [360, 320] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: HEIGHT }, reducedMotion: "reduce" });

    for (const scale of SCALES) {
      test(`the ${scale.points}-point scale takes ${scale.rows[width]} row(s) of aligned columns, end labels under its ends, 24 px targets, visible focus`, async ({ page }) => {
        const question = await openAt(page, scale.id);
        // The type's stylesheet comes with its lazy chunk: measure once it applies and the grid has settled (in one CI run on
        // busy cores the 11 points measured in 3 rows a moment after the points' min-height applied, and in 2 on its retry).
        await expect(question.locator(".point").first()).toHaveCSS("min-height", "44px");
        await expect.poll(async () => rowsOf(await boxes(question.locator(".point"))).length).toBe(scale.rows[width]);
        const points = await boxes(question.locator(".point"));
        expect(points).toHaveLength(scale.points);
        for (const point of points) expect(Math.min(point.width, point.height), "a point's target").toBeGreaterThanOrEqual(24);
        const rows = rowsOf(points);
        expect(rows).toHaveLength(scale.rows[width]);
        const [first, ...rest] = rows;
        // Every later row's points stand in the first row's columns, the last point under the first row's last.
        for (const row of rest) {
          for (const point of row) expect(first!.some((column) => near(center(column), center(point))), `point at x=${center(point)} in a column of the first row`).toBe(true);
          expect(center(row.at(-1)!)).toBeCloseTo(center(first!.at(-1)!), 0);
        }
        const [minLabel, maxLabel] = await boxes(question.locator(".point-ends span"));
        expect(minLabel!.x, "the first end label starts under the first point").toBeCloseTo(points[0]!.x, 0);
        expect(maxLabel!.x + maxLabel!.width, "the last end label ends under the last point").toBeCloseTo(points.at(-1)!.x + points.at(-1)!.width, 0);
        expect(minLabel!.y).toBeGreaterThan(Math.max(...points.map((point) => point.y + point.height)));

        await docsScreenshot(page, scale.id, width);
        // Arrows move the focus within the scale: a keyboard focus, which must show.
        await question.locator(".point").first().focus();
        await page.keyboard.press("ArrowRight");
        const focused = question.locator(".point:focus-visible");
        await expect(focused).toHaveCount(1);
        // Read until it settles: one run on busy cores read "none" on the point the arrow had just focused.
        const outline = () => focused.evaluate((element) => ({ style: getComputedStyle(element).outlineStyle, width: Number.parseFloat(getComputedStyle(element).outlineWidth) }));
        await expect.poll(async () => (await outline()).style).not.toBe("none");
        await expect.poll(async () => (await outline()).width).toBeGreaterThanOrEqual(2);
      });
    }

    test("no ranking label cuts a word: each word of each label is on one line", async ({ page }) => {
      const question = await openAt(page, "prioridades");
      await expect(question.locator(".ranking-controls").first()).toHaveCSS("display", "flex");
      const cut = await cutWords(question.locator(".ranking-label"));
      expect(cut, "words cut across lines").toEqual([]);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(widths[0], "no sideways scroll").toBeLessThanOrEqual(widths[1]!);
      await docsScreenshot(page, "prioridades", width);
    });

    test("each matrix row's points are one line, left to right in order, their words whole, and a 4 × 5 matrix is under a screen and a half tall", async ({ page }) => {
      const question = await openAt(page, "avaliacao");
      await expect(question.locator(".matrix-choices").first()).toHaveCSS("display", "grid");
      const rows = question.locator(".matrix-row");
      await expect(rows).toHaveCount(4);
      for (const row of await rows.all()) {
        const radios = await boxes(row.getByRole("radio"));
        expect(radios).toHaveLength(5);
        expect(rowsOf(radios), "one line of points").toHaveLength(1);
        const xs = radios.map((radio) => radio.x);
        expect(xs, "in the columns' order").toEqual([...xs].sort((a, b) => a - b));
        await expect(row.locator(".choice > span")).toHaveText(["Péssimo", "Ruim", "Regular", "Bom", "Ótimo"]);
      }
      expect(await cutWords(question.locator(".matrix-choices .choice > span")), "column labels cut across lines").toEqual([]);
      const [matrix] = await boxes(question.locator(".matrix-question"));
      expect(matrix!.height, "the matrix's height").toBeLessThan(HEIGHT * 1.5);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(widths[0], "no sideways scroll").toBeLessThanOrEqual(widths[1]!);
      await docsScreenshot(page, "avaliacao", width);
    });
  });
}
