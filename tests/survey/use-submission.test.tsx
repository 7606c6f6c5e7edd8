// @vitest-environment jsdom
import "../support/jsdom.ts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SubmitError } from "../../src/data/submit-error.ts";
import { QUOTA_ERROR_CODE } from "../../src/core/quotas.ts";
import type { SubmitResponse } from "../../src/data/submit-response.ts";
import { loadToaster } from "../../src/ui/lazy-toaster.tsx";
import { backButton, expectOnQuestion, findInput, labelOf, pageValues, progressText, renderSurvey, sliceSurvey, submitButton, valueOf } from "../support/survey-driver.tsx";

const config = sliceSurvey("/", "nomeCompleto", "participarTestes");
const lastQuestion = config.questions[1]!;
const chosen = "options" in lastQuestion ? lastQuestion.options.at(-1)! : "";
const answers = { ...pageValues(config), nomeCompleto: "Ana", participarTestes: valueOf(chosen) };

const { messages, thankYou } = config;
const SUCCESS = [messages.successTitle, messages.successDescription] as const;
const REJECTED = [messages.errorTitle, messages.errorDescription] as const;
const UNEXPECTED = [messages.unexpectedErrorTitle, messages.unexpectedErrorDescription] as const;
const WAITING = [messages.waitingForConnectionTitle, messages.waitingForConnectionDescription] as const;
const RATE_LIMITED = [messages.rateLimitedTitle, messages.rateLimitedDescription] as const;

/** Answers both questions and stops on the last one, focus on the chosen option. */
async function reachLast(user: UserEvent) {
  await user.type(await findInput(config.questions[0]!), "Ana{Enter}");
  const group = await expectOnQuestion(config, 1);
  await user.click(within(group).getByRole("radio", { name: labelOf(chosen) }));
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("useSubmission", () => {
  test("success shows the success notice, then the thank-you page exactly 1500 ms later", async () => {
    const { user, submit } = renderSurvey(config);
    await reachLast(user);
    // The notices' code is prefetched while the respondent reads, as in the browser.
    await loadToaster();
    // Real events up to here; the fake clock only for the redirect delay.
    vi.useFakeTimers();

    fireEvent.click(submitButton());
    await act(async () => {});

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![1]).toEqual(answers);
    expect(screen.getByText(SUCCESS[0])).toBeInTheDocument();
    expect(screen.getByText(SUCCESS[1])).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(thankYou.delayMs - 1));
    expect(screen.queryByText(thankYou.heading)).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("heading", { name: thankYou.heading })).toBeInTheDocument();
  });

  test("Enter on the last question submits", async () => {
    const { user, submit } = renderSurvey(config);
    await reachLast(user);
    await user.keyboard("{Enter}");
    expect(submit).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(SUCCESS[0])).toBeInTheDocument();
  });

  test.each([
    ["the data API refuses the answers", new SubmitError("rejected", "insert failed"), REJECTED],
    ["the call fails with a plain error", new Error("network down"), UNEXPECTED],
    ["the data API fails unexpectedly (a 500)", new SubmitError("unexpected", "500"), UNEXPECTED],
  ])("when %s the notice says so, the respondent stays and every answer is kept", async (_, error, [title, description]) => {
    const submit = vi.fn<SubmitResponse>().mockRejectedValue(error);
    const { user } = renderSurvey(config, submit);
    await reachLast(user);

    await user.click(submitButton());

    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.getByText(progressText(config, 1))).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(within(screen.getByRole("radiogroup")).getByRole("radio", { name: labelOf(chosen) })).toBeChecked();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("[survey]"), error);

    await user.click(backButton());
    expect(await expectOnQuestion(config, 0)).toHaveValue("Ana");
  });

  test("after a failure a second Enviar sends again and succeeds", async () => {
    const submit = vi.fn<SubmitResponse>().mockRejectedValueOnce(new SubmitError("rejected", "insert failed")).mockResolvedValue(undefined);
    const { user } = renderSurvey(config, submit);
    await reachLast(user);
    await user.click(submitButton());
    await screen.findByText(REJECTED[0]);

    await user.click(submitButton());

    expect(await screen.findByText(SUCCESS[0])).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls[1]![1]).toEqual(answers);
  });

  test("a double Enter while sending submits once, and the button says Enviando...", async () => {
    const pending = deferred();
    const submit = vi.fn<SubmitResponse>().mockReturnValue(pending.promise);
    const { user } = renderSurvey(config, submit);
    await reachLast(user);

    await user.keyboard("{Enter}{Enter}");

    expect(submit).toHaveBeenCalledTimes(1);
    const sending = screen.getByRole("button", { name: messages.submitting });
    expect(sending).toBeDisabled();
    expect(sending).toHaveAttribute("aria-busy", "true");
    await user.keyboard("{Enter}");
    expect(submit).toHaveBeenCalledTimes(1);

    await act(async () => pending.resolve());
    expect(await screen.findByText(SUCCESS[0])).toBeInTheDocument();
  });

  test("a double click on Enviar submits once", async () => {
    const pending = deferred();
    const submit = vi.fn<SubmitResponse>().mockReturnValue(pending.promise);
    const { user } = renderSurvey(config, submit);
    await reachLast(user);
    const button = submitButton();

    fireEvent.click(button);
    fireEvent.click(button);
    await user.dblClick(button);

    expect(submit).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve());
  });

  test("after success, Enter while the redirect is pending does not send again", async () => {
    const { user, submit } = renderSurvey(config);
    await reachLast(user);
    await user.keyboard("{Enter}");
    await screen.findByText(SUCCESS[0]);

    act(() => within(screen.getByRole("radiogroup")).getByRole("radio", { name: labelOf(chosen) }).focus());
    await user.keyboard("{Enter}");

    expect(submit).toHaveBeenCalledTimes(1);
  });

  test("without a connection the answers wait under a lasting notice and are sent again on 'online', with the same response id, until stored", async () => {
    const unreachable = new SubmitError("unreachable", "offline");
    const submit = vi.fn<SubmitResponse>().mockRejectedValueOnce(unreachable).mockRejectedValueOnce(unreachable).mockResolvedValue(undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { user } = renderSurvey(config, submit);
    await reachLast(user);

    await user.click(submitButton());
    expect(await screen.findByText(WAITING[0])).toBeInTheDocument();
    expect(screen.getByText(WAITING[1])).toBeInTheDocument();
    expect(screen.getByRole("button", { name: messages.submitting })).toBeDisabled();
    expect(screen.queryByText(UNEXPECTED[0])).not.toBeInTheDocument();

    await act(async () => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(screen.getByText(WAITING[0])).toBeInTheDocument();

    await act(async () => void window.dispatchEvent(new Event("online")));
    // Stored: the thank-you page follows (on a busy machine the success notice may already be gone when looked for).
    expect(await screen.findByRole("heading", { name: thankYou.heading }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(WAITING[0])).not.toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(3);
    const ids = submit.mock.calls.map((call) => call[2]);
    expect(new Set(ids).size, "one response id for every try").toBe(1);
  });

  test("while waiting, it tries again by itself after a second, then two", async () => {
    const unreachable = new SubmitError("unreachable", "503");
    const submit = vi.fn<SubmitResponse>().mockRejectedValueOnce(unreachable).mockRejectedValueOnce(unreachable).mockResolvedValue(undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { user } = renderSurvey(config, submit);
    await reachLast(user);
    await loadToaster();
    vi.useFakeTimers();

    fireEvent.click(submitButton());
    await act(async () => {});
    expect(submit).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(999));
    expect(submit).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(submit).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTime(2000));
    expect(submit).toHaveBeenCalledTimes(3);
    expect(screen.getByText(SUCCESS[0])).toBeInTheDocument();
  });

  test("the rate limit (429) waits under its own notice and retries; the notice follows the latest reason", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const limited = new SubmitError("rateLimited", "429");
    const submit = vi.fn<SubmitResponse>().mockRejectedValueOnce(limited).mockRejectedValueOnce(new SubmitError("unreachable", "offline")).mockResolvedValue(undefined);
    const { user } = renderSurvey(config, submit);
    await reachLast(user);

    await user.click(submitButton());
    expect(await screen.findByText(RATE_LIMITED[0])).toBeInTheDocument();
    expect(screen.getByText(RATE_LIMITED[1])).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED[0])).not.toBeInTheDocument();
    await act(async () => void window.dispatchEvent(new Event("online")));
    expect(await screen.findByText(WAITING[0]), "the notice follows the latest reason").toBeInTheDocument();
    expect(screen.queryByText(RATE_LIMITED[0])).not.toBeInTheDocument();
    await act(async () => void window.dispatchEvent(new Event("online")));
    expect(await screen.findByRole("heading", { name: thankYou.heading }, { timeout: 10_000 })).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(3);
  });

  test("a refusal by a full quota leads to that quota's screen-out page, with no error notice", async () => {
    const screenOut = { ...thankYou, path: "/thank-you/colombia", heading: "¡Gracias por tu interés!", text: "Esta vez tus respuestas no se guardaron." };
    const refused = new SubmitError("rejected", "insert failed", { cause: { code: QUOTA_ERROR_CODE, details: "colombia" } });
    const { user } = renderSurvey({ ...config, screenOuts: [{ id: "peru", thankYou: { ...screenOut, path: "/thank-you/peru", heading: "Otra" } }, { id: "colombia", thankYou: screenOut }] }, vi.fn<SubmitResponse>().mockRejectedValue(refused));
    await reachLast(user);
    await user.click(submitButton());
    expect(await screen.findByRole("heading", { name: screenOut.heading })).toBeInTheDocument();
    expect(screen.getByText(screenOut.text)).toBeInTheDocument();
    expect(screen.queryByText(REJECTED[0])).not.toBeInTheDocument();
  });
});
