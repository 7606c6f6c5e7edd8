/**
 * Drives any survey generically from its config: each question is answered by
 * its type, either with the keyboard alone (Tab, arrows, Space, Enter, typed
 * text) or with the mouse (clicks, typed text). Locators are the ones a
 * screen-reader user meets: roles and accessible names (the question title
 * names its input).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { answerMatrix, expectMatrix } from "./driver-matrix.ts";
import { answerRanking, expectRanked } from "./driver-ranking.ts";
import { labelOfValue, optionLabel, progressText, titleOf, type Answer, type Question, type Survey } from "./survey.ts";

/** "touch": taps (and a finger's drag for a ranking) in a context with hasTouch. */
export type InputMode = "keyboard" | "mouse" | "touch";

type Hook = (index: number) => Promise<void>;

export class SurveyDriver {
  constructor(
    readonly page: Page,
    readonly survey: Survey,
    readonly mode: InputMode,
    /** Where the survey is served; default: the test's baseURL. */
    readonly origin?: string,
  ) {}

  // ── Locators ──────────────────────────────────────────────────────────────

  get nextButton(): Locator {
    return this.page.getByRole("button", { name: this.survey.messages.next });
  }

  get backButton(): Locator {
    return this.page.getByRole("button", { name: this.survey.messages.previous });
  }

  get submitButton(): Locator {
    return this.page.getByRole("button", { name: this.survey.messages.submit, exact: true });
  }

  /** The toast with this title (Radix also announces it in a hidden live region, hence the list item). */
  toast(title: string): Locator {
    return this.page.getByRole("listitem").filter({ hasText: title });
  }

  heading(index: number): Locator {
    return this.page.getByRole("heading", { level: 1, name: titleOf(this.survey, this.question(index)), exact: true });
  }

  question(index: number): Question {
    const question = this.survey.questions[index];
    if (!question) throw new Error(`[e2e] ${this.survey.id} has no question ${index}`);
    return question;
  }

  /** The input a question's title names (text, number, textarea, select trigger, slider thumb). */
  input(index: number): Locator {
    const question = this.question(index);
    const name = titleOf(this.survey, question);
    const role = { text: "textbox", textarea: "textbox", number: "spinbutton", select: "combobox", slider: "slider", radio: "radiogroup", checkbox: "group", ranking: "group", matrix: "group" } as const;
    return this.page.getByRole(role[question.type], { name, exact: true });
  }

  companion(field: { label?: string; placeholder?: string }): Locator {
    return this.page.getByRole("textbox", { name: field.label ?? field.placeholder, exact: true });
  }

  option(question: Question & { options: unknown }, value: string): Locator {
    const role = question.type === "radio" ? "radio" : question.type === "checkbox" ? "checkbox" : "option";
    return this.page.getByRole(role, { name: labelOfValue(question as never, value), exact: true });
  }

  // ── Navigation ────────────────────────────────────────────────────────────

  /** Opens the survey, with `search` (e.g. "?utm_source=instagram") as the address's query. */
  async open(search = ""): Promise<void> {
    const path = this.survey.route + search;
    await this.page.goto(this.origin ? new URL(path, this.origin).href : path);
    await this.expectQuestion(0);
    await this.waitUntilLive();
  }

  /** The page is painted from its HTML before its script loads; Enter and the buttons work once React has taken over the first input. */
  async waitUntilLive(): Promise<void> {
    await this.page.waitForFunction(() => {
      const input = document.querySelector(".question input");
      return input !== null && Object.keys(input).some((key) => key.startsWith("__react"));
    });
  }

  /** The question is on screen and its slide animation is over (input is blocked during it). */
  async expectQuestion(index: number): Promise<void> {
    await expect(this.page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(titleOf(this.survey, this.question(index)));
    await expect(this.page.getByText(progressText(this.survey, index), { exact: true })).toBeVisible();
  }

  /** Próximo (or Enter); waits for the next question. */
  async next(index: number): Promise<void> {
    const question = this.question(index);
    if (this.mode !== "keyboard") {
      await this.press(this.nextButton);
    } else if (question.type === "textarea" || question.type === "ranking") {
      // Enter in a textarea is a new line, on a ranking's button a move: go to the Próximo button instead.
      await this.tabTo(this.nextButton);
      await this.page.keyboard.press("Enter");
    } else {
      await this.page.keyboard.press("Enter");
    }
    await this.expectQuestion(index + 1);
    if (this.mode === "keyboard") await this.expectFocusInQuestion();
  }

  async back(index: number): Promise<void> {
    if (this.mode !== "keyboard") {
      await this.press(this.backButton);
    } else {
      await this.tabTo(this.backButton);
      await this.page.keyboard.press("Enter");
    }
    await this.expectQuestion(index - 1);
    if (this.mode === "keyboard") await this.expectFocusInQuestion();
  }

  /**
   * After a move the keyboard focus is on the new question's input, so the
   * respondent can answer and press Enter without hunting for it with Tab.
   */
  async expectFocusInQuestion(): Promise<void> {
    const where = () =>
      this.page.evaluate(() => {
        const active = document.activeElement;
        const describe = (el: Element | null) => (el ? `<${el.tagName.toLowerCase()}${el.getAttribute("role") ? ` role=${el.getAttribute("role")}` : ""}> "${el.textContent || el.getAttribute("value") || ""}"` : "nothing");
        if (!active?.closest(".question-stage")) return `outside the question, on ${describe(active)}`;
        // A radio group is entered on its checked radio (WAI-ARIA radio group pattern).
        const checked = document.querySelector(".question-stage [role=radio][aria-checked=true]");
        if (checked && active !== checked) return `on ${describe(active)}, not on the checked radio ${describe(checked)}`;
        return "in the question";
      });
    await expect.poll(where, { message: "keyboard focus moves into the question shown" }).toBe("in the question");
  }

  /** Enviar (or Enter) on the last question. */
  async submit(): Promise<void> {
    if (this.mode !== "keyboard") await this.press(this.submitButton);
    else await this.page.keyboard.press("Enter");
  }

  /** Answers questions 0 … stop-1, moving on after each; question `stop` is then on screen. */
  async fillUntil(plan: readonly Answer[], stop: number, hooks: { shown?: Hook; answered?: Hook } = {}): Promise<void> {
    for (let index = 0; index < stop; index++) {
      await hooks.shown?.(index);
      await this.answer(index, plan[index]!);
      await hooks.answered?.(index);
      await this.next(index);
    }
  }

  /** Answers every question; the last one is answered but not sent. */
  async fillAll(plan: readonly Answer[], hooks: { shown?: Hook; answered?: Hook } = {}): Promise<void> {
    const last = this.survey.questions.length - 1;
    await this.fillUntil(plan, last, hooks);
    await hooks.shown?.(last);
    await this.answer(last, plan[last]!);
    await hooks.answered?.(last);
  }

  // ── Answering ─────────────────────────────────────────────────────────────

  async answer(index: number, answer: Answer): Promise<void> {
    const question = this.question(index);
    if (question.type !== answer.type) throw new Error(`[e2e] answer for ${question.id} has type ${answer.type}, question is ${question.type}`);
    switch (answer.type) {
      case "text":
      case "number":
      case "textarea":
        return this.answerText(index, answer.text);
      case "radio":
        return this.answerRadio(index, answer.option, answer.other);
      case "select":
        return this.answerSelect(index, answer.option, answer.other);
      case "checkbox":
        return this.answerCheckbox(index, answer.options, answer.extra);
      case "slider":
        return this.answerSlider(index, answer.value);
      case "ranking":
        return answerRanking(this, index, answer.order);
      case "matrix":
        return answerMatrix(this, index, answer.rows);
    }
  }

  /** A click, or a tap in touch mode. */
  async press(locator: Locator): Promise<void> {
    if (this.mode === "touch") await locator.tap();
    else await locator.click();
  }

  private async answerText(index: number, text: string): Promise<void> {
    const input = this.input(index);
    if (this.mode !== "keyboard") await this.press(input);
    else await this.tabTo(input);
    if (text) await this.page.keyboard.type(text);
    await expect(input).toHaveValue(text);
  }

  private async answerRadio(index: number, value: string, otherText?: string): Promise<void> {
    const question = this.question(index) as Extract<Question, { type: "radio" }>;
    const target = this.option(question, value);
    if (this.mode !== "keyboard") {
      await this.press(target);
    } else {
      const group = this.input(index);
      const radios = group.getByRole("radio");
      await this.tabTo(group, { within: true });
      const current = await radios.evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement));
      const wanted = question.options.findIndex((option) => optionLabel(option) === labelOfValue(question, value));
      // Arrows move the focus and check; Space checks the focused radio. Radix
      // moves the focus a task after keydown and checks only while the arrow is
      // still down, so the key is held as long as a person would hold it.
      if (wanted === current) await this.page.keyboard.press("Space");
      for (let step = current; step !== wanted; step += Math.sign(wanted - current)) {
        await this.page.keyboard.press(wanted > current ? "ArrowDown" : "ArrowUp", { delay: 80 });
      }
      await expect(target).toBeFocused();
    }
    await expect(target).toBeChecked();
    await this.answerOther(question, value, otherText);
  }

  private async answerSelect(index: number, value: string, otherText?: string): Promise<void> {
    const question = this.question(index) as Extract<Question, { type: "select" }>;
    const trigger = this.input(index);
    const listbox = this.page.getByRole("listbox");
    const target = this.option(question, value);
    if (this.mode !== "keyboard") {
      await this.press(trigger);
      await expect(listbox).toBeVisible();
      await this.press(target);
    } else {
      await this.tabTo(trigger);
      await this.page.keyboard.press("Space");
      await expect(listbox).toBeVisible();
      const options = listbox.getByRole("option");
      const wanted = question.options.findIndex((option) => optionLabel(option) === labelOfValue(question, value));
      const focusedIndex = () => options.evaluateAll((els) => els.findIndex((el) => el.contains(document.activeElement)));
      for (let attempt = 0; attempt <= 2 * question.options.length; attempt++) {
        const current = await focusedIndex();
        if (current === wanted) break;
        await this.page.keyboard.press(current === -1 || current < wanted ? "ArrowDown" : "ArrowUp");
        // A busy page moves the focus a moment later: read it again only once it has moved, or the walk overshoots.
        await expect.poll(focusedIndex).not.toBe(current);
      }
      await expect(target).toBeFocused();
      await this.page.keyboard.press("Enter");
      await expect(trigger).toBeFocused();
    }
    await expect(listbox).toBeHidden();
    await expect(trigger).toContainText(labelOfValue(question, value));
    await this.answerOther(question, value, otherText);
  }

  /** The 'other' field: shown only while its option is chosen; typed into when there is text. */
  private async answerOther(question: Extract<Question, { type: "radio" | "select" }>, value: string, text?: string): Promise<void> {
    if (!question.other) return;
    const field = this.companion(question.other);
    if (value !== question.other.option) {
      await expect(field).toBeHidden();
      return;
    }
    await expect(field).toBeVisible();
    if (!text) return;
    if (this.mode !== "keyboard") await this.press(field);
    else await this.tabTo(field);
    await this.page.keyboard.type(text);
    await expect(field).toHaveValue(text);
  }

  private async answerCheckbox(index: number, values: readonly string[], extra?: string): Promise<void> {
    const question = this.question(index) as Extract<Question, { type: "checkbox" }>;
    const extraField = question.extraText ? this.companion(question.extraText) : undefined;
    if (this.mode !== "keyboard") {
      for (const value of values) await this.press(this.option(question, value));
      if (extra && extraField) {
        await this.press(extraField);
        await this.page.keyboard.type(extra);
      }
    } else {
      const boxes = this.input(index).getByRole("checkbox");
      await this.tabTo(boxes.first());
      const chosen = new Set(values.map((value) => labelOfValue(question, value)));
      // Tab walks the boxes in order; Space ticks. Then Tab reaches the free-text box.
      for (const option of question.options) {
        await expect(this.page.getByRole("checkbox", { name: optionLabel(option), exact: true })).toBeFocused();
        if (chosen.has(optionLabel(option))) await this.page.keyboard.press("Space");
        await this.page.keyboard.press("Tab");
      }
      if (extraField) {
        await expect(extraField).toBeFocused();
        if (extra) await this.page.keyboard.type(extra);
      } else {
        await this.page.keyboard.press("Shift+Tab");
      }
    }
    await this.expectTicked(index, values);
    if (extraField) await expect(extraField).toHaveValue(extra ?? "");
  }

  /** Exactly these options of a checkbox question are ticked. */
  async expectTicked(index: number, values: readonly string[]): Promise<void> {
    const question = this.question(index) as Extract<Question, { type: "checkbox" }>;
    const expected = question.options.map((option) => values.some((value) => labelOfValue(question, value) === optionLabel(option)));
    const boxes = this.input(index).getByRole("checkbox");
    await expect(boxes).toHaveCount(question.options.length);
    await expect.poll(() => boxes.evaluateAll((els) => els.map((el) => el.getAttribute("aria-checked") === "true"))).toEqual(expected);
  }

  private async answerSlider(index: number, value: number): Promise<void> {
    const question = this.question(index) as Extract<Question, { type: "slider" }>;
    const thumb = this.input(index);
    if (this.mode !== "keyboard") {
      // The slider maps its whole width linearly onto min … max.
      const root = this.page.locator("[data-slot=slider]");
      const box = await root.boundingBox();
      if (!box) throw new Error("[e2e] slider not laid out");
      const fraction = (value - question.min) / (question.max - question.min);
      const x = Math.min(box.x + box.width * fraction, box.x + box.width - 1);
      const point = [Math.max(x, box.x + 1), box.y + box.height / 2] as const;
      if (this.mode === "touch") await this.page.touchscreen.tap(...point);
      else await this.page.mouse.click(...point);
    } else {
      await this.tabTo(thumb);
      const current = Number(await thumb.getAttribute("aria-valuenow"));
      for (let step = current; step !== value; step += Math.sign(value - current)) {
        await this.page.keyboard.press(value > current ? "ArrowRight" : "ArrowLeft");
      }
    }
    await expect(thumb).toHaveAttribute("aria-valuenow", String(value));
  }

  // ── Checking what is shown ────────────────────────────────────────────────

  /** The question shows the given answer (used after going Back). */
  async expectShown(index: number, answer: Answer): Promise<void> {
    const question = this.question(index);
    switch (answer.type) {
      case "text":
      case "number":
      case "textarea":
        return expect(this.input(index)).toHaveValue(answer.text);
      case "radio":
      case "select": {
        const q = question as Extract<Question, { type: "radio" | "select" }>;
        if (answer.type === "radio") await expect(this.option(q, answer.option)).toBeChecked();
        else await expect(this.input(index)).toContainText(labelOfValue(q, answer.option));
        if (q.other && answer.option === q.other.option) await expect(this.companion(q.other)).toHaveValue(answer.other ?? "");
        return;
      }
      case "checkbox": {
        const q = question as Extract<Question, { type: "checkbox" }>;
        await this.expectTicked(index, answer.options);
        if (q.extraText) await expect(this.companion(q.extraText)).toHaveValue(answer.extra ?? "");
        return;
      }
      case "slider":
        return expect(this.input(index)).toHaveAttribute("aria-valuenow", String(answer.value));
      case "ranking":
        return expectRanked(this, index, answer.order);
      case "matrix":
        return expectMatrix(this, index, answer.rows);
    }
  }

  // ── Keyboard helpers ──────────────────────────────────────────────────────

  /** Presses Tab until `locator` has the focus (`within`: until the focus is inside it). */
  async tabTo(locator: Locator, { within = false } = {}): Promise<void> {
    const focused = () => locator.evaluate((el, inside) => (inside ? el.contains(document.activeElement) : el === document.activeElement), within);
    for (let presses = 0; presses < 15 && !(await focused()); presses++) await this.page.keyboard.press("Tab");
    expect(await focused(), "focus reached by Tab").toBe(true);
  }
}
