/**
 * The driver's ranking: by keyboard, Tab to an option's "move up" button and
 * Enter until it is in its place; by mouse, clicks on that button; by touch,
 * a finger's drag of the handle (Chrome's touch events, as a phone sends
 * them) for the first place and taps on the buttons for the others. The order
 * shown already right is accepted with the keep button.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import type { SurveyDriver } from "./driver.ts";
import { labelOfValue, type Question } from "./survey.ts";

type Ranking = Extract<Question, { type: "ranking" }>;

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("[e2e] ranking item not laid out");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** A finger on `handle`, moved in small steps by (0, dy) and lifted. */
async function dragByFinger(page: Page, handle: Locator, dy: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = await centre(handle);
  const at = (y: number) => ({ touchPoints: [{ x: start.x, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", ...at(start.y) });
  for (let step = 1; step <= 10; step++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", ...at(start.y + (dy * step) / 10) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
  // dnd-kit swallows clicks until 50 ms after a drag ends (setTimeout); a page timer of the same delay, set after it, runs after it.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 50)));
  // Chrome then sometimes gives the first tap after a synthetic (CDP) touch drag no click, though pointerdown and
  // pointerup arrive; a tap on the text, which does nothing, takes that place so the respondent's next tap counts.
  await page.getByRole("heading", { level: 1 }).tap();
}

export async function answerRanking(driver: SurveyDriver, index: number, order: readonly string[]): Promise<void> {
  const question = driver.question(index) as Ranking;
  const group = driver.input(index);
  const labels = order.map((value) => labelOfValue(question, value));
  const items = group.getByRole("listitem");
  const shown = () => group.locator(".ranking-label").allTextContents();
  let moved = false;
  for (let place = 0; place < labels.length; place++) {
    const current = (await shown()).indexOf(labels[place]!);
    if (current === place) continue;
    moved = true;
    const up = group.getByRole("button", { name: `${question.moveUpLabel}: ${labels[place]}`, exact: true });
    if (driver.mode === "touch" && place === 0) {
      const dy = (await centre(items.nth(place))).y - (await centre(items.nth(current))).y;
      await dragByFinger(driver.page, items.nth(current).locator(".ranking-handle"), dy);
    } else {
      if (driver.mode === "keyboard") await driver.tabTo(up);
      for (let step = current; step > place; step--) {
        if (driver.mode === "keyboard") await driver.page.keyboard.press("Enter");
        else await driver.press(up);
        await expect.poll(shown).toContain(labels[place]);
        await expect.poll(async () => (await shown()).indexOf(labels[place]!)).toBe(step - 1);
      }
    }
  }
  if (!moved) {
    const keep = group.getByRole("button", { name: question.keepOrderLabel, exact: true });
    if (driver.mode === "keyboard") {
      await driver.tabTo(keep);
      await driver.page.keyboard.press("Enter");
    } else await driver.press(keep);
  }
  await expectRanked(driver, index, order);
}

/** The ranked places show these options, first to last, and the order is taken (no keep button). */
export async function expectRanked(driver: SurveyDriver, index: number, order: readonly string[]): Promise<void> {
  const question = driver.question(index) as Ranking;
  const group = driver.input(index);
  const labels = order.map((value) => labelOfValue(question, value));
  await expect.poll(async () => (await group.locator(".ranking-label").allTextContents()).slice(0, labels.length)).toEqual(labels);
  await expect(group.getByRole("button", { name: question.keepOrderLabel, exact: true })).toHaveCount(0);
}
