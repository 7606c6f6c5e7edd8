// @vitest-environment jsdom
import "../../support/jsdom.ts";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Question } from "../../../src/generated/survey-config.ts";
import { tinySurvey } from "../../support/tiny-survey.ts";
import { answerValidly, expectAnswerShown, findInput, nextButton, renderSurvey, submitButton } from "../../support/survey-driver.tsx";

const matrix: Question = { id: "temas", type: "matrix", title: "Temas", emoji: "📊", required: true, rows: ["Clases", "Simulacros"], columns: ["Nada", "Algo", "Mucho"] };
const after: Question = { id: "nota", type: "text", title: "Nota", emoji: "📝", required: false };
const config = tinySurvey({ questions: [matrix, after] });

describe("the matrix input", () => {
  test("each row is a labelled radio group; the survey moves on only once every row is answered", async () => {
    const { user, submit } = renderSurvey(config);
    const group = await findInput(matrix);
    const rows = within(group).getAllByRole("radiogroup");
    expect(rows.map((row) => row.getAttribute("aria-labelledby") && document.getElementById(row.getAttribute("aria-labelledby")!)?.textContent)).toEqual(["Clases", "Simulacros"]);

    await user.click(within(rows[0]!).getByRole("radio", { name: "Algo" }));
    expect(nextButton()).toBeDisabled();
    expect(screen.getByText(config.messages.hintBlocked)).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole("radio", { name: "Algo" }));
    expectAnswerShown(matrix, { Clases: "Algo", Simulacros: "Algo" });
    await user.click(nextButton());
    await findInput(after);
    await user.click(submitButton());
    expect(submit.mock.calls[0]![1]).toMatchObject({ temas: { Clases: "Algo", Simulacros: "Algo" } });
  });

  test("the driver answers it as a respondent would", async () => {
    const { user } = renderSurvey(config);
    const answer = await answerValidly(user, matrix);
    expectAnswerShown(matrix, answer);
    expect(nextButton()).toBeEnabled();
  });
});
