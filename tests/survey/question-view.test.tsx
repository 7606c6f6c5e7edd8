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
    ["/", [["genero", "Otro", "Especifique"], ["cidade", "Otros", "Especifique a cidade"], ["paisMedicina", "Otros", "Especifique el país"]]],
    ["/foreign-form", [["genero", "Otro", "Especifique"], ["pais", "Otro", "Especifique el país"], ["paisMedicina", "Otro", "Especifique el país"]]],
  ])("on %s the questions with an 'other' field, their option and placeholder are %j", (route, expected) => {
    const withOther = surveyAt(route).questions.flatMap((question) =>
      (question.type === "select" || question.type === "radio") && question.other ? [[question.id, question.other.option, question.other.placeholder]] : [],
    );
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
    await user.type(screen.getByRole("textbox", { name: "Otras redes sociales" }), "Threads");
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
    expect(screen.getByText("Complete o campo para prosseguir")).toBeInTheDocument();
  });
});

describe("QuestionView slider", () => {
  test("on / it starts at 5, 'Influencia moderadamente', between its end labels", async () => {
    const config = sliceSurvey("/", "influenciaOnline");
    renderSurvey(config);
    const slider = await findInput(config.questions[0]!);
    expect(slider).toHaveAttribute("aria-valuenow", "5");
    expect(slider).toHaveAttribute("aria-valuetext", "5 - Influencia moderadamente");
    expect(screen.getByText("Influencia moderadamente")).toBeInTheDocument();
    expect(screen.getByText("0 - Nenhuma influência")).toBeInTheDocument();
    expect(screen.getByText("10 - Muita influência")).toBeInTheDocument();
    expect(screen.getByText("Pressione Enter para continuar")).toBeInTheDocument();
  });

  test("on / the value label follows the spec's ranges from 0 to 10 with the arrow keys", async () => {
    const labels = [
      "Não me influencia nada",
      ...Array(3).fill("Influencia muito pouco"),
      ...Array(3).fill("Influencia moderadamente"),
      ...Array(3).fill("Influencia bastante"),
      "Influencia totalmente",
    ];
    const config = sliceSurvey("/", "influenciaOnline");
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
    expect(slider).toHaveAttribute("aria-valuenow", "5");
    expect(screen.getByText("Influye moderadamente")).toBeInTheDocument();
    act(() => slider.focus());

    await user.keyboard("{Home}");
    expect(slider).toHaveAttribute("aria-valuenow", "1");
    expect(screen.getByText("Influye muy poco")).toBeInTheDocument();

    await user.keyboard("{End}");
    expect(slider).toHaveAttribute("aria-valuenow", "10");
    expect(screen.getByText("Influye totalmente")).toBeInTheDocument();
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
    const { user } = renderSurvey(config);
    const group = await findInput(config.questions[0]!);
    await user.click(within(group).getByRole("radio", { name: "Prefiero no decir" }));
    await user.keyboard("{Enter}");
    await expectOnQuestion(config, 1);

    await user.click(backButton());

    const again = await expectOnQuestion(config, 0);
    await expectFocused(within(again).getByRole("radio", { name: "Prefiero no decir" }));
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
