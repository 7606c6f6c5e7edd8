// @vitest-environment jsdom
import "../support/jsdom.ts";
import { act, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";
import {
  backButton,
  expectFocused,
  expectOnQuestion,
  findInput,
  labelled,
  labelOf,
  nextButton,
  progressText,
  renderApp,
  renderSurvey,
  sliceSurvey,
  submitButton,
  surveyAt,
  pageValues,
} from "../support/survey-driver.tsx";


const errorLine = () => screen.getByRole("alert");

describe("SurveyRunner buttons and hints", () => {
  test.each(["/", "/foreign-form"])("on %s the hint reads the survey's 'ready' hint once the question is answered and its 'blocked' hint before", async (route) => {
    const config = surveyAt(route);
    const { hintReady: ready, hintBlocked: blocked } = config.messages;
    const { user } = renderApp(route);
    const name = await findInput(config.questions[0]!);
    expect(screen.getByText(blocked)).toBeInTheDocument();
    expect(screen.queryByText(ready)).not.toBeInTheDocument();

    await user.type(name, "Ana");
    expect(screen.getByText(ready)).toBeInTheDocument();

    await user.clear(name);
    expect(screen.getByText(blocked)).toBeInTheDocument();
  });

  test("Anterior is disabled on the first question, Próximo until the question is answered", async () => {
    const config = surveyAt("/");
    const { user } = renderApp("/");
    const name = await findInput(config.questions[0]!);
    expect(backButton()).toBeDisabled();
    expect(nextButton()).toBeDisabled();

    await user.type(name, "Ana");
    expect(nextButton()).toBeEnabled();

    await user.clear(name);
    expect(nextButton()).toBeDisabled();
  });

  test("a name of only spaces does not count as an answer", async () => {
    const config = surveyAt("/");
    const { user } = renderApp("/");
    await user.type(await findInput(config.questions[0]!), "   ");
    expect(nextButton()).toBeDisabled();
  });

  test("Anterior goes back with the earlier answer kept and focus in its input", async () => {
    const config = surveyAt("/");
    const { user } = renderApp("/");
    await user.type(await findInput(config.questions[0]!), "Ana");
    await user.click(nextButton());
    await expectOnQuestion(config, 1);
    expect(backButton()).toBeEnabled();

    await user.click(backButton());

    const name = await expectOnQuestion(config, 0);
    expect(name).toHaveValue("Ana");
    await expectFocused(name);
    expect(backButton()).toBeDisabled();
  });

  test("the last question shows the green Enviar instead of Próximo", async () => {
    const config = sliceSurvey("/", "visaoFuturo", "participarTestes");
    const { user } = renderSurvey(config);
    await findInput(config.questions[0]!);
    expect(nextButton()).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: labelled(config.messages.submit) })).not.toBeInTheDocument();

    await user.click(nextButton());
    await expectOnQuestion(config, 1);

    expect(screen.queryByRole("button", { name: labelled(config.messages.next) })).not.toBeInTheDocument();
    expect(submitButton()).toHaveClass("button-submit");
  });

  test("text and number questions use their type as the input type", async () => {
    const config = surveyAt("/");
    const { user } = renderApp("/");
    const name = await findInput(config.questions[0]!);
    expect(name).toHaveAttribute("type", "text");
    await user.type(name, "Ana{Enter}");
    expect(await expectOnQuestion(config, 1)).toHaveAttribute("type", "number");
  });
});

describe("SurveyRunner Enter key", () => {
  test("Enter on an answered question moves to the next one and focuses it", async () => {
    const config = surveyAt("/");
    const { user } = renderApp("/");
    await user.type(await findInput(config.questions[0]!), "Ana{Enter}");
    await expectFocused(await expectOnQuestion(config, 1));
  });

  test.each(["/", "/foreign-form"])("Enter on an empty question on %s shows the survey's required message under the input and stays; typing clears it", async (route) => {
    const config = surveyAt(route);
    const message = config.messages.required;
    const { user } = renderApp(route);
    const name = await findInput(config.questions[0]!);
    await user.click(name);
    expect(errorLine()).toBeEmptyDOMElement();

    await user.keyboard("{Enter}");

    expect(errorLine()).toHaveTextContent(message);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name.getAttribute("aria-describedby")?.split(" ")).toContain(errorLine().id);
    expect(screen.getByText(progressText(config, 0))).toBeInTheDocument();

    await user.type(name, "A");

    expect(errorLine()).toBeEmptyDOMElement();
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(name.getAttribute("aria-describedby") ?? "").not.toContain(errorLine().id);
  });

  test.each(["/", "/foreign-form"])("Enter on a checkbox question with nothing ticked on %s shows the survey's checkbox message until a box is ticked", async (route) => {
    const config = sliceSurvey(route, "redesSociais", "participarTestes");
    const message = config.messages.checkboxRequired;
    const { user } = renderSurvey(config);
    const group = await findInput(config.questions[0]!);
    const first = within(group).getAllByRole("checkbox")[0]!;
    act(() => first.focus());

    await user.keyboard("{Enter}");

    expect(errorLine()).toHaveTextContent(message);
    expect(group).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(progressText(config, 0))).toBeInTheDocument();

    await user.click(first);
    expect(errorLine()).toBeEmptyDOMElement();
    expect(group).not.toHaveAttribute("aria-invalid");
  });

  test("Enter in a textarea inserts a new line and stays on the question", async () => {
    const config = sliceSurvey("/", "outrasFormacoes", "sonhoCarreira");
    const { user } = renderSurvey(config);
    const textarea = await findInput(config.questions[0]!);

    await user.type(textarea, "Enfermería{Enter}Farmacia");

    expect(textarea).toHaveValue("Enfermería\nFarmacia");
    expect(screen.getByText(progressText(config, 0))).toBeInTheDocument();
    expect(screen.queryByText(config.questions[1]!.title)).not.toBeInTheDocument();
  });

  test("Shift+Enter does not move on", async () => {
    const config = surveyAt("/");
    const { user } = renderApp("/");
    await user.type(await findInput(config.questions[0]!), "Ana{Shift>}{Enter}{/Shift}");
    expect(screen.getByText(progressText(config, 0))).toBeInTheDocument();
    expect(errorLine()).toBeEmptyDOMElement();
  });

  test.each([
    ["a chosen radio option", "genero", "radio"],
    ["a ticked checkbox", "redesSociais", "checkbox"],
  ] as const)("Enter on %s moves on", async (_, id, role) => {
    const config = sliceSurvey("/", id, "nomeCompleto");
    const { user } = renderSurvey(config);
    const group = await findInput(config.questions[0]!);
    const option = within(group).getAllByRole(role)[1]!;
    await user.click(option);
    expect(option).toHaveFocus();

    await user.keyboard("{Enter}");

    await expectOnQuestion(config, 1);
  });

  test("Enter on the slider moves on with its default value", async () => {
    const config = sliceSurvey("/", "influenciaOnline", "nomeCompleto");
    const { user } = renderSurvey(config);
    const slider = await findInput(config.questions[0]!);
    act(() => slider.focus());
    await user.keyboard("{Enter}");
    await expectOnQuestion(config, 1);
  });

  test("Enter on an empty drop-down opens its list instead of moving on; once chosen, Enter moves on", async () => {
    const config = sliceSurvey("/", "cidade", "nomeCompleto");
    const { user } = renderSurvey(config);
    const select = await findInput(config.questions[0]!);
    act(() => select.focus());

    await user.keyboard("{Enter}");

    expect(await screen.findByRole("listbox")).toBeInTheDocument();
    expect(screen.getByText(progressText(config, 0))).toBeInTheDocument();
    const choice = labelOf((config.questions[0] as Extract<Question, { type: "select" }>).options[3]!);
    await user.click(screen.getByRole("option", { name: choice }));
    expect(select).toHaveTextContent(choice);
    expect(select).toHaveFocus();

    await user.keyboard("{Enter}");

    await expectOnQuestion(config, 1);
  });
});

/** Two questions: an optional one the submit-time list nevertheless requires, then a required one. */
const tiny = tinySurvey({
  messages: surveyAt("/foreign-form").messages,
  submitRequiredFields: ["nombre"],
  questions: [
    { id: "nombre", type: "text", title: "¿Nombre?", emoji: "👋", required: false },
    { id: "edad", type: "number", title: "¿Edad?", emoji: "🎂", required: true },
  ],
});

describe("SurveyRunner submit-time check", () => {
  test("Enviar with a field of the required list left empty returns to it with the message and sends nothing", async () => {
    const { user, submit } = renderSurvey(tiny);
    await findInput(tiny.questions[0]!);
    await user.click(nextButton());
    await user.type(await findInput(tiny.questions[1]!), "34");

    await user.click(submitButton());

    const name = await expectOnQuestion(tiny, 0);
    expect(submit).not.toHaveBeenCalled();
    expect(errorLine()).toHaveTextContent(tiny.messages.submitRequired);
    expect(name).toHaveAttribute("aria-invalid", "true");
    await expectFocused(name);

    await user.type(name, "Ana");
    expect(errorLine()).toBeEmptyDOMElement();
    await user.click(nextButton());
    await expectOnQuestion(tiny, 1);
    await user.click(submitButton());

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![1]).toEqual({ ...pageValues(tiny), nombre: "Ana", edad: "34" });
  });

  test("Enviar on an empty last question shows its own error first", async () => {
    const { user, submit } = renderSurvey(tiny);
    await findInput(tiny.questions[0]!);
    await user.click(nextButton());
    await findInput(tiny.questions[1]!);

    await user.click(submitButton());

    expect(errorLine()).toHaveTextContent(tiny.messages.required);
    expect(screen.getByText(progressText(tiny, 1))).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe("SurveyRunner hidden fields", () => {
  test("values in the address the survey opened with are sent with the answers after every step", async () => {
    const config = sliceSurvey("/foreign-form", "nomeCompleto", "idade");
    const { user, submit } = renderSurvey(config, undefined, undefined, "?utm_source=instagram&utm_campaign=live-nov");
    await user.type(await findInput(config.questions[0]!), "Ana{Enter}");
    await user.type(await findInput(config.questions[1]!), "34");
    await user.click(submitButton());

    expect(submit.mock.calls[0]![1]).toEqual({ ...pageValues(config, { utm_source: "instagram", utm_campaign: "live-nov" }), nomeCompleto: "Ana", idade: "34" });
  });
});
