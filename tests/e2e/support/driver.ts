/**
 * Drives any survey generically from its config: each question is answered by
 * its type, either with the keyboard alone (Tab, arrows, Space, Enter, typed
 * text) or with the mouse (clicks, typed text). Locators are the ones a
 * screen-reader user meets: roles and accessible names (the question title
 * names its input).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { answerCheckbox, answerRadio, answerSelect, expectTicked } from "./driver-choices.ts";
import { answerMatrix, expectMatrix } from "./driver-matrix.ts";
import { answerRanking, expectRanked } from "./driver-ranking.ts";
import { labelOfValue, progressText, titleOf, type Answer, type Question, type Survey } from "./survey.ts";

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
        return answerRadio(this, index, answer.option, answer.other);
      case "select":
        return answerSelect(this, index, answer.option, answer.other);
      case "checkbox":
        return answerCheckbox(this, index, answer.options, answer.extra);
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

  /** Exactly these options of a checkbox question are ticked. */
  async expectTicked(index: number, values: readonly string[]): Promise<void> {
    return expectTicked(this, index, values);
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
