// @vitest-environment jsdom
import "../support/jsdom.ts";
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { countText, findInput, nextButton, percentText, renderSurvey, submitButton, surveyAt } from "../support/survey-driver.tsx";

/** Where do you live, then the city only for Brazil; the city is on the submit-time list. */
const base = surveyAt("/foreign-form");
const vive: Question = { id: "vive", type: "radio", title: "¿Vives en Brasil?", emoji: "🇧🇷", required: true, options: ["Sí", "No"] };
const ciudad: Question = { id: "ciudad", type: "text", title: "¿En qué ciudad?", emoji: "🏙️", required: true, showIf: { question: "vive", equals: "Sí" } };
const config = { ...base, submitRequiredFields: ["vive", "ciudad"], questions: [vive, ciudad] };

describe("SurveyRunner with a condition", () => {
  test("an answer that hides the remaining questions turns the next button into the submit button and the count into '1 de 1'; sending skips the hidden required city", async () => {
    const { user, submit } = renderSurvey(config);
    await findInput(vive);
    expect(screen.getByText(countText(config, 1, 1))).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Sí" }));
    expect(screen.getByText(countText(config, 1, 2))).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();

    await user.click(screen.getByRole("radio", { name: "No" }));
    expect(screen.getByText(countText(config, 1, 1))).toBeInTheDocument();
    expect(screen.getByText(percentText(config, 100))).toBeInTheDocument();
    await user.click(submitButton());

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![1]).toMatchObject({ vive: "No", ciudad: "" });
  });

  test("shown, the conditional question is required like any other", async () => {
    const { user, submit } = renderSurvey(config);
    await user.click(await screen.findByRole("radio", { name: "Sí" }));
    await user.click(nextButton());
    await findInput(ciudad);
    expect(screen.getByText(countText(config, 2, 2))).toBeInTheDocument();
    await user.click(submitButton());
    expect(screen.getByRole("alert")).toHaveTextContent(base.messages.required);
    expect(submit).not.toHaveBeenCalled();
  });
});
