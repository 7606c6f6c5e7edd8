// @vitest-environment jsdom
import "../support/jsdom.ts";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { draftKey, parseDraft, serializeDraft } from "../../src/core/draft.ts";
import { QUIET_MS, whenQuiet } from "../../src/survey/use-draft.ts";
import { expectOnQuestion, findInput, renderSurvey, sliceSurvey } from "../support/survey-driver.tsx";

const config = sliceSurvey("/", "nomeCompleto", "participarTestes");
const key = draftKey(config);
const ID = "0b5f0c0e-8a4e-4c1a-9d7e-2f1e3c4b5a69";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Calls of localStorage.setItem for this survey's draft. */
function watchDraftWrites() {
  const setItem = vi.spyOn(Storage.prototype, "setItem");
  return () => setItem.mock.calls.filter(([name]) => name === key).length;
}

describe("whenQuiet (when a draft is written)", () => {
  test("cancelling a write that waits for the browser to be idle leaves the page's other timers alone, even one whose handle equals the idle callback's", async () => {
    vi.useFakeTimers();
    try {
      // Browsers count timer and idle-callback handles apart, so the two often coincide: here they do.
      const slideEnds = vi.fn();
      const slideTimer = window.setTimeout(slideEnds, QUIET_MS + 100);
      const cancelIdleCallback = vi.fn();
      vi.stubGlobal("requestIdleCallback", () => slideTimer);
      vi.stubGlobal("cancelIdleCallback", cancelIdleCallback);
      const write = vi.fn();
      const cancel = whenQuiet(write);
      vi.advanceTimersByTime(QUIET_MS);
      cancel();
      vi.advanceTimersByTime(100);
      expect(cancelIdleCallback).toHaveBeenCalledWith(slideTimer);
      expect(slideEnds, "the other timer still fires").toHaveBeenCalledOnce();
      expect(write).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});

describe("useDraft", () => {
  test("typing writes nothing per keystroke: one write once typing pauses, holding what was typed", async () => {
    const writes = watchDraftWrites();
    // Keys back to back (no pause between them), as a respondent types.
    const { user } = renderSurvey(config, undefined, { delay: null });
    await user.type(await findInput(config.questions[0]!), "Ana María");
    expect(writes(), "no write while typing").toBe(0);

    await waitFor(() => expect(writes()).toBe(1));
    expect(parseDraft(localStorage.getItem(key), Date.now())?.answers.nomeCompleto).toBe("Ana María");
  });

  test("a saved draft brings the respondent back with the notice in the survey's words", async () => {
    localStorage.setItem(key, serializeDraft(config, { index: 1, answers: { nomeCompleto: "Ana", participarTestes: "" }, responseId: ID }, Date.now()));
    renderSurvey(config);
    await expectOnQuestion(config, 1);
    expect(screen.getByText(config.messages.draftRestored).closest("[role=status]")).not.toBeNull();
    expect(screen.getByRole("button", { name: config.messages.draftStartOver })).toBeInTheDocument();
  });

  test("with \"drafts\": false nothing is written, and a draft kept before is removed", async () => {
    const off = { ...config, drafts: false };
    localStorage.setItem(key, serializeDraft(off, { index: 1, answers: { nomeCompleto: "Ana", participarTestes: "" }, responseId: ID }, Date.now()));
    const writes = watchDraftWrites();
    const { user } = renderSurvey(off);
    const input = await expectOnQuestion(off, 0);
    expect(input, "not restored").toHaveValue("");
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());

    await user.type(input, "Ana{Enter}");
    await expectOnQuestion(off, 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(writes()).toBe(0);
    expect(localStorage.getItem(key)).toBeNull();
  });
});
