import { describe, expect, test } from "vitest";
import { ANIMATION, canGoBack, canGoForward, canSubmit, isLastQuestion } from "../../src/core/navigation.ts";

const at = (index: number, animating = false) => ({ index, total: 3, animating });

describe("navigation", () => {
  test("the slide lasts 300 ms out and 100 ms in", () => {
    expect(ANIMATION).toEqual({ leaveMs: 300, enterMs: 100 });
  });

  test.each([
    [0, false],
    [1, false],
    [2, true],
  ])("question %i of 3 is the last: %s", (index, last) => {
    expect(isLastQuestion(at(index))).toBe(last);
  });

  test.each([
    ["at the first question", at(0), false],
    ["at the second question", at(1), true],
    ["at the last question", at(2), true],
    ["while the slide runs", at(1, true), false],
  ])("going back %s: %s", (_, state, allowed) => {
    expect(canGoBack(state)).toBe(allowed);
  });

  test.each([
    ["from a valid first question", at(0), true, true],
    ["from an invalid question", at(0), false, false],
    ["from the last question, even when valid", at(2), true, false],
    ["while the slide runs", at(0, true), true, false],
  ])("going forward %s: %s", (_, state, valid, allowed) => {
    expect(canGoForward(state, valid)).toBe(allowed);
  });

  test.each([
    ["on the last question", at(2), true],
    ["before the last question", at(1), false],
    ["on the last question while the slide runs", at(2, true), false],
  ])("submitting %s: %s", (_, state, allowed) => {
    expect(canSubmit(state)).toBe(allowed);
  });
});
