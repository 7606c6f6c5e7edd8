// @vitest-environment jsdom
import "../support/jsdom.ts";
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { backButton, findInput, nextButton, renderSurvey, surveyAt } from "../support/survey-driver.tsx";

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
