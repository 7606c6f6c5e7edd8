/**
 * The driver's matrix: each row is a radio group named by its statement. By
 * keyboard, Tab into the row and arrows to the column (Space when the focus
 * is already on it); by mouse or touch, a click or tap on the column's radio.
 */
import { expect } from "@playwright/test";
import type { SurveyDriver } from "./driver.ts";
import { optionLabel, optionValue, type Question } from "./survey.ts";

type Matrix = Extract<Question, { type: "matrix" }>;

const rowGroup = (driver: SurveyDriver, index: number, label: string) => driver.input(index).getByRole("radiogroup", { name: label, exact: true });

export async function answerMatrix(driver: SurveyDriver, index: number, rows: Record<string, string>): Promise<void> {
  const question = driver.question(index) as Matrix;
  const columns = question.columns.map(optionValue);
  for (const row of question.rows) {
    const wanted = columns.indexOf(rows[optionValue(row)]!);
    const group = rowGroup(driver, index, optionLabel(row));
    const target = group.getByRole("radio").nth(wanted);
    if (driver.mode !== "keyboard") {
      await driver.press(target);
    } else {
      await driver.tabTo(group, { within: true });
      const current = await group.getByRole("radio").evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement));
      // As in a radio question: Radix checks on an arrow only while it is held, so it is held as a person would.
      if (wanted === current) await driver.page.keyboard.press("Space");
      for (let step = current; step !== wanted; step += Math.sign(wanted - current)) {
        await driver.page.keyboard.press(wanted > current ? "ArrowDown" : "ArrowUp", { delay: 80 });
      }
      await expect(target).toBeFocused();
    }
    await expect(target).toBeChecked();
  }
}

export async function expectMatrix(driver: SurveyDriver, index: number, rows: Record<string, string>): Promise<void> {
  const question = driver.question(index) as Matrix;
  for (const row of question.rows) {
    const column = question.columns.find((candidate) => optionValue(candidate) === rows[optionValue(row)]);
    if (column) await expect(rowGroup(driver, index, optionLabel(row)).getByRole("radio", { name: optionLabel(column), exact: true })).toBeChecked();
  }
}
