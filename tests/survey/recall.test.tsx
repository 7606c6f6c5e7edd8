// @vitest-environment jsdom
import "../support/jsdom.ts";
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { backButton, findInput, getInput, nextButton, pickSelectOption, renderSurvey, surveyAt } from "../support/survey-driver.tsx";

const nome: Question = { id: "nomeCompleto", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: false };
const idade: Question = { id: "idade", type: "number", title: "¿Cuántos años tienes, {answer:nomeCompleto|colega}?", emoji: "🎂", required: true };
const config = { ...surveyAt("/foreign-form"), submitRequiredFields: [], questions: [nome, idade] };

const title = () => screen.getByRole("heading", { level: 1 });

describe("a title that recalls an earlier answer", () => {
  test('shows "colega" until the name is answered, then the name, as the characters typed', async () => {
    const { user } = renderSurvey(config);
    await findInput(nome);
    await user.click(nextButton());
    expect(title()).toHaveTextContent("¿Cuántos años tienes, colega?");

    await user.click(backButton());
    await user.type(await findInput(nome), "<b>x</b>");
    await user.click(nextButton());
    expect(title()).toHaveTextContent("¿Cuántos años tienes, <b>x</b>?");
    expect(title().querySelector("b")).toBeNull();
    expect(await screen.findByRole("spinbutton", { name: "¿Cuántos años tienes, <b>x</b>?" })).toBeInTheDocument();
  });
});

/** Markup that would run a script if it were ever parsed as HTML rather than shown as text. */
const ATTACK = "<img src=x onerror=alert(1)>";

const choice = (label: string) => [{ value: "Sí", label: `Sí, ${label}` }, "No"];
const origem: Question = {
  id: "origem",
  type: "radio",
  title: "¿De dónde eres?",
  subtitle: "Cuéntanos, {answer:nomeCompleto}.",
  emoji: "🌎",
  required: true,
  options: ["Chile", { value: "Otro", label: "Otro lugar, {answer:nomeCompleto}" }],
  other: { id: "origemOutro", option: "Otro", placeholder: "¿Cuál?" },
};
const cidade: Question = { id: "cidade", type: "text", title: "¿En qué ciudad vives?", placeholder: "Tu ciudad, {answer:nomeCompleto}", emoji: "🏙️", required: false };
const redes: Question = { id: "redes", type: "checkbox", title: "¿Qué redes usas?", emoji: "📱", required: false, options: choice("{answer:nomeCompleto}") };
const plano: Question = { id: "plano", type: "select", title: "¿Tienes un plan?", emoji: "🗺️", required: false, options: choice("{answer:nomeCompleto}") };
const everywhere = { ...surveyAt("/foreign-form"), submitRequiredFields: [], questions: [nome, origem, cidade, redes, plano] };

describe("a recalled answer that looks like HTML", () => {
  test("is shown as the characters typed in a subtitle, a placeholder, the 'other' option's label and the options of checkboxes and selects", async () => {
    const { user } = renderSurvey(everywhere);
    await user.type(await findInput(nome), ATTACK);
    await user.click(nextButton());

    expect(await screen.findByText(`Cuéntanos, ${ATTACK}.`)).toHaveClass("field-subtitle");
    await user.click(await screen.findByRole("radio", { name: `Otro lugar, ${ATTACK}` }));
    expect(screen.getByRole("textbox", { name: "¿Cuál?" })).toBeInTheDocument();
    expect(document.querySelector("img"), "no element made of the answer").toBeNull();
    await user.click(nextButton());

    expect(await findInput(cidade)).toHaveAttribute("placeholder", `Tu ciudad, ${ATTACK}`);
    await user.click(nextButton());

    expect(await screen.findByRole("checkbox", { name: `Sí, ${ATTACK}` })).toBeInTheDocument();
    expect(document.querySelector("img")).toBeNull();
    await user.click(nextButton());

    await findInput(plano);
    await pickSelectOption(user, plano, `Sí, ${ATTACK}`);
    expect(getInput(plano)).toHaveTextContent(`Sí, ${ATTACK}`);
    expect(document.querySelector("img")).toBeNull();
  });
});
