/**
 * The whole-survey walk of issue 3's acceptance, shared by one test file per
 * variant (so the two long walks run in parallel). Everything it checks comes
 * from the survey config or the spec; nothing names a particular survey here.
 */
import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import type { Answers } from "../../src/core/answers.ts";
import { SubmitError } from "../../src/data/submit-error.ts";
import type { SubmitResponse } from "../../src/data/submit-response.ts";
import {
  answerValidly,
  backButton,
  companionOf,
  expectAnswerShown,
  expectFocusIn,
  expectOnQuestion,
  nextButton,
  percentText,
  progressText,
  renderApp,
  submitButton,
  surveyAt,
  validWhenUntouched,
  pageValues,
} from "./survey-driver.tsx";

/** A long walk on a busy machine: 50-60 s at a load average of 40 on two cores, so three minutes. */
const WALK_TIMEOUT = 180_000;

export function describeWalkthrough(route: string) {
  describe(`SurveyRunner walkthrough on ${route}`, () => {
    const config = surveyAt(route);
    const { messages } = config;
    const hints = { ready: messages.hintReady, blocked: messages.hintBlocked };

    /**
     * Answers every question as a respondent would, checking the screen at each
     * step, and stops on the last question with Enviar on screen. Moves on with
     * Enter, except from a textarea (where Enter is a new line) with Próximo.
     */
    async function walkToSubmit(user: UserEvent, { fillOptional }: { fillOptional: boolean }): Promise<Answers> {
      const expected: Answers = {};
      const total = config.questions.length;
      for (const [index, question] of config.questions.entries()) {
        const input = await expectOnQuestion(config, index);
        const percent = Math.round(((index + 1) / total) * 100);
        expect(screen.getByText(progressText(config, index))).toBeInTheDocument();
        expect(screen.getByText(percentText(config, percent))).toBeInTheDocument();
        expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(percent));
        if (index > 0) await expectFocusIn(input);
        if (index === 0) expect(backButton()).toBeDisabled();
        else expect(backButton()).toBeEnabled();
        expect(screen.getByText(validWhenUntouched(question) ? hints.ready : hints.blocked)).toBeInTheDocument();

        const companion = companionOf(question);
        if (companion) expected[companion.id] = "";
        if (!fillOptional && !question.required) {
          expected[question.id] = "";
        } else {
          if (index < total - 1 && !validWhenUntouched(question)) expect(nextButton()).toBeDisabled();
          expected[question.id] = await answerValidly(user, question);
        }
        expect(screen.getByText(hints.ready)).toBeInTheDocument();

        if (index === total - 1) {
          expect(screen.queryByRole("button", { name: messages.next })).not.toBeInTheDocument();
          expect(submitButton()).toBeEnabled();
        } else {
          expect(nextButton()).toBeEnabled();
          if (question.type === "textarea") await user.click(nextButton());
          else await user.keyboard("{Enter}");
        }
      }
      return expected;
    }

    test("the survey has 19 questions", () => {
      expect(config.questions).toHaveLength(19);
    });

    test(
      "walking all 19 questions with valid answers submits them once, then says so",
      async () => {
        const { user, submit } = renderApp(route);
        const expected = await walkToSubmit(user, { fillOptional: true });
        expect(submit).not.toHaveBeenCalled();

        await user.click(submitButton());

        expect(submit).toHaveBeenCalledTimes(1);
        expect(submit.mock.calls[0]![0]).toMatchObject({ id: config.id, table: config.table });
        expect(submit.mock.calls[0]![1]).toEqual({ ...expected, ...pageValues(config) });
        expect(await screen.findByText(messages.successTitle)).toBeInTheDocument();
        expect(screen.getByText(messages.successDescription)).toBeInTheDocument();
      },
      WALK_TIMEOUT,
    );

    test(
      "with the optional questions left empty, Enter submits; a rejected submit keeps every answer",
      async () => {
        const submit = vi.fn<SubmitResponse>().mockRejectedValue(new SubmitError("rejected", "insert failed"));
        const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
        const { user } = renderApp(route, submit);
        const expected = await walkToSubmit(user, { fillOptional: false });
        expect(expected).toMatchObject({ outrasFormacoes: "", sonhoCarreira: "", influenciadores: "", visaoFuturo: "" });

        await user.keyboard("{Enter}");

        expect(submit).toHaveBeenCalledTimes(1);
        expect(submit.mock.calls[0]![1]).toEqual({ ...expected, ...pageValues(config) });
        expect(await screen.findByText(messages.errorTitle)).toBeInTheDocument();
        expect(screen.getByText(progressText(config, 18))).toBeInTheDocument();
        for (let index = 18; index > 0; index--) {
          // Anterior is disabled while the last move's slide ends (its timers run late on a loaded machine): a click then is ignored.
          await waitFor(() => expect(backButton()).toBeEnabled());
          await user.click(backButton());
          await expectOnQuestion(config, index - 1);
          const question = config.questions[index - 1]!;
          expectAnswerShown(question, expected[question.id]!);
        }
        consoleError.mockRestore();
      },
      WALK_TIMEOUT,
    );
  });
}
