/**
 * Drives the real app the way a respondent does: renders a route with a fake
 * submit seam, finds each question's input by its accessible name (the title)
 * and answers it from the survey config, so the same walk works for any survey.
 * Buttons and the progress line are found by the rendered survey's own words.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { expect, vi } from "vitest";
import { App } from "../../src/app.tsx";
import { surveyForRoute } from "./surveys.ts";
import type { Answers } from "../../src/core/answers.ts";
import { interpolate } from "../../src/core/interpolate.ts";
import type { ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import { DEFINITION_VERSION, hiddenFields, VISIT_ID } from "../../src/core/fields.ts";
import type { SubmitResponse } from "../../src/data/submit-response.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { SurveyPage } from "../../src/pages/survey-page.tsx";
import { ThankYouPage } from "../../src/pages/thank-you.tsx";
import { MemoryRouter, useLocation } from "react-router-dom";

export type Option = string | { value: string; label: string };
export const labelOf = (option: Option) => (typeof option === "string" ? option : option.label);
export const valueOf = (option: Option) => (typeof option === "string" ? option : option.value);

/** The shipped survey served at a route, resolved as the page shows it (presets applied, {professionalName} filled in). */
export function surveyAt(route: string): ResolvedSurvey {
  const config = surveyForRoute(route);
  if (!config) throw new Error(`no survey at ${route}`);
  return config;
}

/** The survey on screen: its messages name the buttons. */
let shown: ResolvedSurvey | undefined;

export function renderApp(route: string, submit: SubmitResponse = vi.fn<SubmitResponse>().mockResolvedValue(undefined)) {
  shown = surveyAt(route);
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[route]}>
      <App submit={submit} />
    </MemoryRouter>,
  );
  return { user, submit: vi.mocked(submit) };
}

/** A shipped survey cut down to some of its questions, in the order given: the same texts and rules, fewer steps. */
export function sliceSurvey(route: string, ...ids: string[]): ResolvedSurvey {
  const config = surveyAt(route);
  const questions = ids.map((id) => {
    const question = config.questions.find((candidate) => candidate.id === id);
    if (!question) throw new Error(`no question ${id} at ${route}`);
    return question;
  });
  return { ...config, questions };
}

/**
 * What the page sends with every submission besides the answers: each hidden
 * field's value from the address (given ones, else empty), the visit id and the definition's version.
 */
export function pageValues(config: ResolvedSurvey, given: Record<string, string> = {}): Record<string, unknown> {
  const hidden = Object.fromEntries(hiddenFields(config).map((field) => [field.id, given[field.id] ?? ""]));
  return { ...hidden, [VISIT_ID.id]: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), [DEFINITION_VERSION.id]: config.version ?? "" };
}

function SurveyThenThankYou({ config, submit }: { config: ResolvedSurvey; submit: SubmitResponse }) {
  const { pathname } = useLocation();
  // The thank-you page, or a quota's screen-out page (src/quotas/), by the address the survey led to.
  const page = [config.thankYou, ...(config.screenOuts ?? []).map((quota) => quota.thankYou)].find((each) => each.path === pathname);
  return page ? <ThankYouPage page={page} /> : <SurveyPage config={config} submit={submit} />;
}

/** One survey page (any config, even a literal one) plus the thank-you page, with a fake submit seam; `search` is the address's query. */
export function renderSurvey(config: ResolvedSurvey, submit: SubmitResponse = vi.fn<SubmitResponse>().mockResolvedValue(undefined), options?: Parameters<typeof userEvent.setup>[0], search = "") {
  shown = config;
  const user = userEvent.setup(options);
  render(
    <MemoryRouter initialEntries={[config.route + search]}>
      <SurveyThenThankYou config={config} submit={submit} />
    </MemoryRouter>,
  );
  return { user, submit: vi.mocked(submit) };
}

const ROLE: Record<Question["type"], string> = {
  text: "textbox",
  number: "spinbutton",
  textarea: "textbox",
  select: "combobox",
  radio: "radiogroup",
  checkbox: "group",
  slider: "slider",
  rating: "radiogroup",
  nps: "radiogroup",
  email: "textbox",
  phone: "textbox",
  date: "textbox",
  ranking: "group",
  matrix: "group",
};

/** The question's input (or group of choices), once its lazy component has loaded. */
export function findInput(question: Question): Promise<HTMLElement> {
  return screen.findByRole(ROLE[question.type], { name: question.title });
}

export function getInput(question: Question): HTMLElement {
  return screen.getByRole(ROLE[question.type], { name: question.title });
}

function shownMessages() {
  if (!shown) throw new Error("[test] render a survey first (renderApp or renderSurvey)");
  return shown.messages;
}

/** A button's accessible name contains its label (Próximo and Anterior carry an arrow). */
export const labelled = (label: string) => new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
export const nextButton = () => screen.getByRole("button", { name: labelled(shownMessages().next) });
export const backButton = () => screen.getByRole("button", { name: labelled(shownMessages().previous) });
export const submitButton = () => screen.getByRole("button", { name: labelled(shownMessages().submit) });

/** "3 de 5" as the survey words it, for a count that skips hidden questions. */
export const countText = (config: ResolvedSurvey, current: number, total: number) => interpolate(config.messages.progress, { current, total });
/** "3 de 19" and "16% completo" as the survey words them. */
export const progressText = (config: ResolvedSurvey, index: number) => countText(config, index + 1, config.questions.length);
export const percentText = (config: ResolvedSurvey, percent: number) => interpolate(config.messages.percentComplete, { percent });

export async function pickSelectOption(user: UserEvent, question: Question, label: string): Promise<void> {
  await user.click(getInput(question));
  await user.click(await screen.findByRole("option", { name: label }));
}

/** A valid answer typed, picked or ticked as a respondent would; returns the value the form should hold. */
export async function answerValidly(user: UserEvent, question: Question): Promise<Answers[string]> {
  const input = await findInput(question);
  switch (question.type) {
    case "text":
      await user.type(input, "Ana Pérez");
      return "Ana Pérez";
    case "number":
      await user.type(input, "34");
      return "34";
    case "textarea":
      await user.type(input, `Sí: ${question.id}`);
      return `Sí: ${question.id}`;
    case "select": {
      const option = question.options[1]!;
      await pickSelectOption(user, question, labelOf(option));
      return valueOf(option);
    }
    case "radio": {
      const option = question.options[0]!;
      await user.click(within(input).getByRole("radio", { name: labelOf(option) }));
      return valueOf(option);
    }
    case "checkbox": {
      const [first, , third] = question.options;
      await user.click(within(input).getByRole("checkbox", { name: labelOf(third!) }));
      await user.click(within(input).getByRole("checkbox", { name: labelOf(first!) }));
      return [valueOf(third!), valueOf(first!)];
    }
    case "slider":
      // After a step focus is already on the thumb; on a first question it is not.
      if (document.activeElement !== input) act(() => input.focus());
      await user.keyboard("{ArrowRight}{ArrowRight}");
      return [question.default + 2];
    case "rating":
    case "nps":
      await user.click(within(input).getByRole("radio", { name: "2" }));
      return [2];
    case "email":
      await user.type(input, "ana@ejemplo.com");
      return "ana@ejemplo.com";
    case "phone":
      await user.type(input, "(11) 98765-4321");
      return "+5511987654321";
    case "date":
      fireEvent.change(input, { target: { value: "2099-01-31" } });
      return "2099-01-31";
    case "ranking": {
      const [first, second, ...rest] = question.options.map(valueOf);
      await user.click(within(input).getByRole("button", { name: `${question.moveDownLabel}: ${labelOf(question.options[0]!)}` }));
      return [second!, first!, ...rest].slice(0, question.top ?? Infinity);
    }
    case "matrix": {
      // Each row its last column, then the first row changed to its first column.
      const answer = Object.fromEntries(question.rows.map((row) => [valueOf(row), valueOf(question.columns.at(-1)!)]));
      for (const group of within(input).getAllByRole("radiogroup")) await user.click(within(group).getAllByRole("radio").at(-1)!);
      await user.click(within(within(input).getAllByRole("radiogroup")[0]!).getAllByRole("radio")[0]!);
      return { ...answer, [valueOf(question.rows[0]!)]: valueOf(question.columns[0]!) };
    }
  }
}

/** Asserts the question's input shows the given answer (after going back to it). */
export function expectAnswerShown(question: Question, value: Answers[string]): void {
  const input = getInput(question);
  switch (question.type) {
    case "text":
    case "textarea":
    case "email":
    case "phone":
    case "date":
      expect(input).toHaveValue(value as string);
      break;
    case "number":
      expect(input).toHaveValue(Number(value));
      break;
    case "select":
      expect(input).toHaveTextContent(labelOf(question.options.find((option) => valueOf(option) === value)!));
      break;
    case "radio":
    case "checkbox": {
      const chosen = ([] as unknown[]).concat(value);
      const role = question.type === "radio" ? "radio" : "checkbox";
      for (const option of question.options) {
        const box = within(input).getByRole(role, { name: labelOf(option) });
        if (chosen.includes(valueOf(option))) expect(box).toBeChecked();
        else expect(box).not.toBeChecked();
      }
      break;
    }
    case "slider":
      expect(input).toHaveAttribute("aria-valuenow", String((value as number[])[0]));
      break;
    case "rating":
    case "nps":
      expect(within(input).getByRole("radio", { name: String((value as number[])[0]) })).toBeChecked();
      break;
    case "ranking": {
      const shown = within(input).getAllByRole("listitem").map((item) => item.querySelector(".ranking-label")?.textContent);
      const labels = (value as string[]).map((entry) => labelOf(question.options.find((option) => valueOf(option) === entry)!));
      expect(shown.slice(0, labels.length)).toEqual(labels);
      break;
    }
    case "matrix":
      question.rows.forEach((row, index) => {
        const group = within(input).getAllByRole("radiogroup")[index]!;
        const chosen = (value as Record<string, string>)[valueOf(row)];
        for (const column of question.columns) expect(within(group).getByRole("radio", { name: labelOf(column) }).getAttribute("aria-checked")).toBe(String(valueOf(column) === chosen));
      });
      break;
  }
}

/** Whether the question may be left as it starts (optional, or a slider with its default). */
export const validWhenUntouched = (question: Question) => !question.required || question.type === "slider";

/** The companion free-text field ('other' or the extra box) of a question, if any. */
export function companionOf(question: Question) {
  if (question.type === "checkbox") return question.extraText;
  if (question.type === "select" || question.type === "radio") return question.other;
  return undefined;
}

/** Waits until the given question is on screen and the slide has finished. */
export async function expectOnQuestion(config: ResolvedSurvey, index: number): Promise<HTMLElement> {
  const input = await findInput(config.questions[index]!);
  expect(screen.getByText(progressText(config, index))).toBeInTheDocument();
  return input;
}

/** Focus moves into the element (the question's input or group) once the question is shown. */
export async function expectFocusIn(element: HTMLElement): Promise<void> {
  await waitFor(() => expect(element).toContainElement(document.activeElement as HTMLElement | null));
}

/** The element itself has focus, now or shortly (focus follows the question's arrival). */
export async function expectFocused(element: HTMLElement): Promise<void> {
  await waitFor(() => expect(element).toHaveFocus());
}
