// @vitest-environment jsdom
import "../../support/jsdom.ts";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Question } from "../../../src/generated/survey-config.ts";
import { tinySurvey } from "../../support/tiny-survey.ts";
import { expectAnswerShown, findInput, nextButton, pageValues, renderSurvey, submitButton } from "../../support/survey-driver.tsx";

const ranking: Question = { id: "orden", type: "ranking", title: "Ordena", emoji: "🏆", required: true, top: 2, options: ["A", "B", { value: "C", label: "Ce" }] };
const after: Question = { id: "nota", type: "text", title: "Nota", emoji: "📝", required: false };
const config = tinySurvey({ questions: [ranking, after] });
const move = (direction: "Subir" | "Bajar", label: string) => screen.getByRole("button", { name: `${direction}: ${label}` });

describe("the ranking input", () => {
  test("a required ranking left untouched holds the survey back; the keep button accepts the order shown", async () => {
    const { user, submit } = renderSurvey(config);
    const group = await findInput(ranking);
    expect(nextButton()).toBeDisabled();
    expect(screen.getByText(config.messages.hintBlocked)).toBeInTheDocument();

    await user.click(within(group).getByRole("button", { name: config.messages.rankingKeepOrder }));
    await user.click(nextButton());
    await findInput(after);
    await user.click(submitButton());
    expect(submit.mock.calls[0]![1]).toEqual({ ...pageValues(config), orden: ["A", "B"], nota: "" });
  });

  test("the move buttons reorder by keyboard, keep the focus on the moved option and store the top places", async () => {
    const { user, submit } = renderSurvey(config);
    await findInput(ranking);
    move("Bajar", "A").focus();
    await user.keyboard("{Enter}");
    await expect.poll(() => document.activeElement).toBe(move("Bajar", "A"));
    await user.keyboard("{Enter}");
    // At the bottom edge the focus goes to its other button, which still works.
    await expect.poll(() => document.activeElement).toBe(move("Subir", "A"));
    move("Subir", "Ce").focus();
    await user.keyboard("{Enter}");
    expect(move("Subir", "Ce")).toHaveAttribute("aria-disabled", "true");
    expectAnswerShown(ranking, ["C", "B"]);

    await user.click(nextButton());
    await findInput(after);
    await user.click(submitButton());
    expect(submit.mock.calls[0]![1]).toMatchObject({ orden: ["C", "B"] });
  });
});
