// @vitest-environment jsdom
import "../support/jsdom.ts";
import { act, screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import {
  backButton,
  expectFocused,
  expectOnQuestion,
  findInput,
  labelOf,
  nextButton,
  pickSelectOption,
  renderSurvey,
  sliceSurvey,
  submitButton,
  surveyAt,
  valueOf,
  pageValues,
} from "../support/survey-driver.tsx";

const ROUTES = ["/", "/foreign-form"] as const;

async function choose(user: UserEvent, question: Question, label: string) {
  if (question.type === "select") await pickSelectOption(user, question, label);
  else await user.click(within(await findInput(question)).getByRole("radio", { name: label }));
}

describe("QuestionView 'other' field", () => {
  test.each([
    ["/", ["genero", "cidade", "paisMedicina"]],
    ["/foreign-form", ["genero", "pais", "paisMedicina"]],
  ])("on %s the questions with an 'other' field are the spec's: %j", (route, expected) => {
    const withOther = surveyAt(route).questions.flatMap((question) => ((question.type === "select" || question.type === "radio") && question.other ? [question.id] : []));
    expect(withOther).toEqual(expected);
  });

  const cases = ROUTES.flatMap((route) =>
    surveyAt(route).questions.flatMap((question) =>
      (question.type === "select" || question.type === "radio") && question.other
        ? [[route, question.other.option, question.id, question, question.other, labelOf(question.options.find((option) => valueOf(option) !== question.other!.option)!)] as const]
        : [],
    ),
  );

  test.each(cases)("on %s choosing %s in %s shows its free-text field; another option hides it", async (route, _, __, question, other, another) => {
    const { user } = renderSurvey(sliceSurvey(route, question.id));
    await findInput(question);
    const name = other.label ?? other.placeholder;
    expect(screen.queryByRole("textbox", { name })).not.toBeInTheDocument();

    await choose(user, question, other.option);
    expect(screen.getByRole("textbox", { name })).toHaveAttribute("placeholder", other.placeholder);

    await choose(user, question, another);
    expect(screen.queryByRole("textbox", { name })).not.toBeInTheDocument();
  });

  test.each(cases)("on %s the text typed for %s in %s is sent with the answer", async (route, _, __, question, other) => {
    const { user, submit } = renderSurvey(sliceSurvey(route, question.id));
    await findInput(question);
    await choose(user, question, other.option);
    await user.type(screen.getByRole("textbox", { name: other.label ?? other.placeholder }), "Venezuela");

    await user.click(submitButton());

    expect(submit.mock.calls[0]![1]).toEqual({ ...pageValues(surveyAt(route)), [question.id]: other.option, [other.id]: "Venezuela" });
  });
});

describe("QuestionView checkbox question", () => {
  test.each(ROUTES)("on %s the four checkbox questions are the spec's", (route) => {
    const ids = surveyAt(route).questions.filter((question) => question.type === "checkbox").map((question) => question.id);
    expect(ids).toEqual(["redesSociais", "motivacao", "tipoConteudo", "conteudoDesejado"]);
  });

  const cases = ROUTES.flatMap((route) =>
    surveyAt(route).questions.flatMap((question) => (question.type === "checkbox" && question.extraText ? [[route, question.id, question, question.extraText] as const] : [])),
  );

  test.each(cases)("on %s %s always shows its extra free-text box", async (route, _, question, extra) => {
    renderSurvey(sliceSurvey(route, question.id));
    await findInput(question);
    expect(screen.getByRole("textbox", { name: extra.label ?? extra.placeholder })).toHaveAttribute("placeholder", extra.placeholder);
  });

  test.each(ROUTES)("on %s ticking then unticking an option leaves the list without it, in ticking order", async (route) => {
    const config = sliceSurvey(route, "redesSociais");
    const question = config.questions[0]!;
    const { user, submit } = renderSurvey(config);
    const group = await findInput(question);
    const [a, b, c] = within(group).getAllByRole("checkbox");

    await user.click(c!);
    await user.click(a!);
    await user.click(b!);
    await user.click(a!);
    expect(a).not.toBeChecked();
    expect(b).toBeChecked();
    const extra = question.type === "checkbox" ? question.extraText! : undefined;
    await user.type(screen.getByRole("textbox", { name: extra!.label ?? extra!.placeholder }), "Threads");
    await user.click(submitButton());

    const options = question.type === "checkbox" ? question.options.map(valueOf) : [];
    expect(submit.mock.calls[0]![1]).toEqual({ ...pageValues(surveyAt(route)), redesSociais: [options[2], options[1]], redesSociaisOutras: "Threads" });
  });

  test("unticking every box makes the question unanswered again", async () => {
    const config = sliceSurvey("/", "motivacao", "nomeCompleto");
    const { user } = renderSurvey(config);
    const box = within(await findInput(config.questions[0]!)).getAllByRole("checkbox")[0]!;
    await user.click(box);
    expect(nextButton()).toBeEnabled();
    await user.click(box);
    expect(nextButton()).toBeDisabled();
    expect(screen.getByText(config.messages.hintBlocked)).toBeInTheDocument();
  });
});

type Slider = Extract<Question, { type: "slider" }>;

/** The text the survey file gives a slider value (independent of src/question-types/slider/value-label.ts). */
const labelFor = (slider: Slider, value: number) => slider.valueLabels?.find((label) => label.from <= value && value <= label.to)?.label;

describe("QuestionView slider", () => {
  test("on / it starts at 5 with its value's label, between its end labels", async () => {
    const config = sliceSurvey("/", "influenciaOnline");
    const question = config.questions[0] as Slider;
    renderSurvey(config);
    const slider = await findInput(question);
    expect(slider).toHaveAttribute("aria-valuenow", "5");
    expect(slider).toHaveAttribute("aria-valuetext", `5 - ${labelFor(question, 5)}`);
    expect(screen.getByText(labelFor(question, 5)!)).toBeInTheDocument();
    expect(screen.getByText(question.minLabel)).toBeInTheDocument();
    expect(screen.getByText(question.maxLabel)).toBeInTheDocument();
    expect(screen.getByText(config.messages.hintReady)).toBeInTheDocument();
  });

  test("on / the value label follows the file's ranges from 0 to 10 with the arrow keys", async () => {
    const config = sliceSurvey("/", "influenciaOnline");
    const question = config.questions[0] as Slider;
    const labels = Array.from({ length: 11 }, (_, value) => labelFor(question, value)!);
    const { user } = renderSurvey(config);
    const slider = await findInput(config.questions[0]!);
    act(() => slider.focus());
    await user.keyboard("{Home}");
    for (const [value, label] of labels.entries()) {
      if (value > 0) await user.keyboard("{ArrowRight}");
      expect(slider).toHaveAttribute("aria-valuenow", String(value));
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    await user.keyboard("{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "10");
  });

  test("on /foreign-form it starts at 5 and runs from 1 to 10", async () => {
    const config = sliceSurvey("/foreign-form", "influenciaOnline");
    const { user } = renderSurvey(config);
    const slider = await findInput(config.questions[0]!);
    const question = config.questions[0] as Slider;
    expect(slider).toHaveAttribute("aria-valuenow", "5");
    expect(screen.getByText(labelFor(question, 5)!)).toBeInTheDocument();
    act(() => slider.focus());

    await user.keyboard("{Home}");
    expect(slider).toHaveAttribute("aria-valuenow", "1");
    expect(screen.getByText(labelFor(question, 1)!)).toBeInTheDocument();

    await user.keyboard("{End}");
    expect(slider).toHaveAttribute("aria-valuenow", "10");
    expect(screen.getByText(labelFor(question, 10)!)).toBeInTheDocument();
  });

  test.each(ROUTES)("on %s the chosen value is sent as a one-element list", async (route) => {
    const config = sliceSurvey(route, "influenciaOnline");
    const { user, submit } = renderSurvey(config);
    await findInput(config.questions[0]!);
    act(() => screen.getByRole("slider").focus());
    await user.keyboard("{ArrowLeft}{ArrowLeft}{ArrowRight}{ArrowLeft}");
    await user.click(submitButton());
    expect(submit.mock.calls[0]![1]).toEqual({ ...pageValues(surveyAt(route)), influenciaOnline: [3] });
  });

  test("arrow keys move the slider as soon as focus lands on it after Próximo", async () => {
    const config = sliceSurvey("/", "outrasFormacoes", "influenciaOnline");
    const { user } = renderSurvey(config);
    await findInput(config.questions[0]!);
    await user.click(nextButton());
    const slider = await expectOnQuestion(config, 1);
    await expectFocused(slider);

    await user.keyboard("{ArrowRight}");

    expect(slider).toHaveAttribute("aria-valuenow", "6");
  });
});

describe("QuestionView focus", () => {
  test("going back to a radio question puts focus on the chosen option", async () => {
    const config = sliceSurvey("/", "genero", "nomeCompleto");
    const genero = config.questions[0]!;
    // An option other than the first (which takes the focus anyway), read from the survey file.
    const chosen = genero.type === "radio" ? labelOf(genero.options[2]!) : "";
    const { user } = renderSurvey(config);
    const group = await findInput(genero);
    await user.click(within(group).getByRole("radio", { name: chosen }));
    await user.keyboard("{Enter}");
    await expectOnQuestion(config, 1);

    await user.click(backButton());

    const again = await expectOnQuestion(config, 0);
    await expectFocused(within(again).getByRole("radio", { name: chosen }));
  });

  test.each([
    ["a select", "cidade", "combobox"],
    ["a radio list", "genero", "radio"],
    ["a checkbox list", "redesSociais", "checkbox"],
    ["a textarea", "visaoFuturo", "textbox"],
  ])("after Próximo, focus lands in %s question", async (_, id, role) => {
    const config = sliceSurvey("/", "outrasFormacoes", id);
    const { user } = renderSurvey(config);
    await findInput(config.questions[0]!);
    await user.click(nextButton());
    const input = await expectOnQuestion(config, 1);
    const first = input.getAttribute("role") === role || role === "textbox" ? input : within(input).getAllByRole(role)[0];
    await expectFocused(first!);
  });
});
