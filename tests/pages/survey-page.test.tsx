// @vitest-environment jsdom
import "../support/jsdom.ts";
import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { SurveyPage } from "../../src/pages/survey-page.tsx";
import { surveyFile } from "../support/survey-files.ts";
import { MemoryRouter } from "react-router-dom";

const config = resolveSurvey({
  ...surveyFile("foreign-form"),
  pageTitle: "Encuesta de {professionalName}",
  professionalName: "Dra. Ana",
  language: "es-AR",
  questions: [{ id: "conoce", type: "radio", title: "¿Conocías a {professionalName}?", emoji: "🤝", required: true, options: ["Sí", "No"] }],
  submitRequiredFields: [],
});

describe("SurveyPage", () => {
  test("shows the resolved page title and questions, and sets the language", async () => {
    render(
      <MemoryRouter>
        <SurveyPage config={config} submit={async () => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("radiogroup", { name: "¿Conocías a Dra. Ana?" })).toBeInTheDocument();
    expect(document.title).toBe("Encuesta de Dra. Ana");
    expect(screen.getByRole("main")).toHaveAttribute("lang", "es-AR");
  });
});
