/**
 * The driver's choices: a radio (by keyboard, arrows and Space as Radix
 * expects them held), a select (its list opened and walked), their 'other'
 * field, and checkboxes (Tab through the boxes, Space to tick), each checked
 * as the respondent would see it afterwards.
 */
import { expect } from "@playwright/test";
import type { SurveyDriver } from "./driver.ts";
import { labelOfValue, optionLabel, type Question } from "./survey.ts";

export async function answerRadio(driver: SurveyDriver, index: number, value: string, otherText?: string): Promise<void> {
  const question = driver.question(index) as Extract<Question, { type: "radio" }>;
  const target = driver.option(question, value);
  if (driver.mode !== "keyboard") {
    await driver.press(target);
  } else {
    const group = driver.input(index);
    const radios = group.getByRole("radio");
    await driver.tabTo(group, { within: true });
    const current = await radios.evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement));
    const wanted = question.options.findIndex((option) => optionLabel(option) === labelOfValue(question, value));
    // Arrows move the focus and check; Space checks the focused radio. Radix
    // moves the focus a task after keydown and checks only while the arrow is
    // still down, so the key is held as long as a person would hold it.
    if (wanted === current) await driver.page.keyboard.press("Space");
    for (let step = current; step !== wanted; step += Math.sign(wanted - current)) {
      await driver.page.keyboard.press(wanted > current ? "ArrowDown" : "ArrowUp", { delay: 80 });
    }
    await expect(target).toBeFocused();
  }
  await expect(target).toBeChecked();
  await answerOther(driver, question, value, otherText);
}

export async function answerSelect(driver: SurveyDriver, index: number, value: string, otherText?: string): Promise<void> {
  const question = driver.question(index) as Extract<Question, { type: "select" }>;
  const trigger = driver.input(index);
  const listbox = driver.page.getByRole("listbox");
  const target = driver.option(question, value);
  if (driver.mode !== "keyboard") {
    await driver.press(trigger);
    await expect(listbox).toBeVisible();
    await driver.press(target);
  } else {
    await driver.tabTo(trigger);
    await driver.page.keyboard.press("Space");
    await expect(listbox).toBeVisible();
    const options = listbox.getByRole("option");
    const wanted = question.options.findIndex((option) => optionLabel(option) === labelOfValue(question, value));
    const focusedIndex = () => options.evaluateAll((els) => els.findIndex((el) => el.contains(document.activeElement)));
    for (let attempt = 0; attempt <= 2 * question.options.length; attempt++) {
      const current = await focusedIndex();
      if (current === wanted) break;
      await driver.page.keyboard.press(current === -1 || current < wanted ? "ArrowDown" : "ArrowUp");
      // A busy page moves the focus a moment later: read it again only once it has moved, or the walk overshoots.
      await expect.poll(focusedIndex).not.toBe(current);
    }
    await expect(target).toBeFocused();
    await driver.page.keyboard.press("Enter");
    await expect(trigger).toBeFocused();
  }
  await expect(listbox).toBeHidden();
  await expect(trigger).toContainText(labelOfValue(question, value));
  await answerOther(driver, question, value, otherText);
}

/** The 'other' field: shown only while its option is chosen; typed into when there is text. */
async function answerOther(driver: SurveyDriver, question: Extract<Question, { type: "radio" | "select" }>, value: string, text?: string): Promise<void> {
  if (!question.other) return;
  const field = driver.companion(question.other);
  if (value !== question.other.option) {
    await expect(field).toBeHidden();
    return;
  }
  await expect(field).toBeVisible();
  if (!text) return;
  if (driver.mode !== "keyboard") await driver.press(field);
  else await driver.tabTo(field);
  await driver.page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

export async function answerCheckbox(driver: SurveyDriver, index: number, values: readonly string[], extra?: string): Promise<void> {
  const question = driver.question(index) as Extract<Question, { type: "checkbox" }>;
  const extraField = question.extraText ? driver.companion(question.extraText) : undefined;
  if (driver.mode !== "keyboard") {
    for (const value of values) await driver.press(driver.option(question, value));
    if (extra && extraField) {
      await driver.press(extraField);
      await driver.page.keyboard.type(extra);
    }
  } else {
    const boxes = driver.input(index).getByRole("checkbox");
    await driver.tabTo(boxes.first());
    const chosen = new Set(values.map((value) => labelOfValue(question, value)));
    // Tab walks the boxes in order; Space ticks. Then Tab reaches the free-text box.
    for (const option of question.options) {
      await expect(driver.page.getByRole("checkbox", { name: optionLabel(option), exact: true })).toBeFocused();
      if (chosen.has(optionLabel(option))) await driver.page.keyboard.press("Space");
      await driver.page.keyboard.press("Tab");
    }
    if (extraField) {
      await expect(extraField).toBeFocused();
      if (extra) await driver.page.keyboard.type(extra);
    } else {
      await driver.page.keyboard.press("Shift+Tab");
    }
  }
  await expectTicked(driver, index, values);
  if (extraField) await expect(extraField).toHaveValue(extra ?? "");
}

/** Exactly these options of a checkbox question are ticked. */
export async function expectTicked(driver: SurveyDriver, index: number, values: readonly string[]): Promise<void> {
  const question = driver.question(index) as Extract<Question, { type: "checkbox" }>;
  const expected = question.options.map((option) => values.some((value) => labelOfValue(question, value) === optionLabel(option)));
  const boxes = driver.input(index).getByRole("checkbox");
  await expect(boxes).toHaveCount(question.options.length);
  await expect.poll(() => boxes.evaluateAll((els) => els.map((el) => el.getAttribute("aria-checked") === "true"))).toEqual(expected);
}
