// @vitest-environment jsdom
import { setReducedMotion } from "../support/jsdom.ts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { backButton, expectOnQuestion, findInput, nextButton, progressText, renderApp, surveyAt } from "../support/survey-driver.tsx";

const config = surveyAt("/");
const [nameQuestion] = config.questions;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
// The move back ends on a real timer: on a busy machine it may still be running when the fake clock takes over, and a click then is ignored.
const settled = () => waitFor(() => expect(nextButton()).toBeEnabled());

afterEach(() => {
  vi.useRealTimers();
});

describe("useSurveyNavigation", () => {
  test("the slide takes 300 ms out then 100 ms in, with Anterior and Próximo disabled throughout", async () => {
    const { user } = renderApp("/");
    // Load the text and number inputs once (lazy chunks), then slow down and freeze the clock.
    await user.type(await findInput(nameQuestion!), "Ana{Enter}");
    await expectOnQuestion(config, 1);
    await user.click(backButton());
    await expectOnQuestion(config, 0);
    await settled();
    setReducedMotion(false);
    // From here on events go through fireEvent: user-event waits on timers the fake clock holds.
    vi.useFakeTimers();

    fireEvent.click(nextButton());
    expect(nextButton()).toBeDisabled();
    expect(backButton()).toBeDisabled();
    advance(299);
    expect(screen.getByText(progressText(config, 0))).toBeInTheDocument();

    advance(1);
    expect(screen.getByText(progressText(config, 1))).toBeInTheDocument();
    expect(screen.getByRole("spinbutton", { name: config.questions[1]!.title })).toBeInTheDocument();
    expect(backButton()).toBeDisabled();
    advance(99);
    expect(backButton()).toBeDisabled();

    advance(1);
    expect(backButton()).toBeEnabled();
    fireEvent.change(screen.getByRole("spinbutton"), { target: { value: "34" } });
    expect(nextButton()).toBeEnabled();

    fireEvent.click(backButton());
    expect(backButton()).toBeDisabled();
    expect(nextButton()).toBeDisabled();
    advance(400);
    expect(screen.getByText(progressText(config, 0))).toBeInTheDocument();
    expect(backButton()).toBeDisabled();
    expect(nextButton()).toBeEnabled();
  });

  test("two quick Enters move one question, without judging the next one", async () => {
    setReducedMotion(false);
    const { user } = renderApp("/");
    await user.type(await findInput(nameQuestion!), "Ana");

    await user.keyboard("{Enter}{Enter}");

    await expectOnQuestion(config, 1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.getByText(progressText(config, 1))).toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  test("with reduced motion the next question follows within a millisecond, buttons ready", async () => {
    const { user } = renderApp("/");
    await user.type(await findInput(nameQuestion!), "Ana{Enter}");
    await findInput(config.questions[1]!);
    await user.click(backButton());
    await expectOnQuestion(config, 0);
    await settled();
    vi.useFakeTimers();

    fireEvent.click(nextButton());
    advance(1);

    expect(screen.getByText(progressText(config, 1))).toBeInTheDocument();
    expect(backButton()).toBeEnabled();
  });
});
