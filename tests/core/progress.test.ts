import { describe, expect, test } from "vitest";
import { progressOf } from "../../src/core/progress.ts";

describe("progressOf", () => {
  test.each([
    [0, 19, 1, 5],
    [1, 19, 2, 11],
    [2, 19, 3, 16],
    [8, 19, 9, 47],
    [9, 19, 10, 53],
    [17, 19, 18, 95],
    [18, 19, 19, 100],
    [0, 18, 1, 6],
    [8, 18, 9, 50],
    [0, 8, 1, 13],
    [2, 8, 3, 38],
    [0, 3, 1, 33],
    [1, 3, 2, 67],
    [0, 1, 1, 100],
  ])("question index %i of %i reads %i and %i%%", (index, total, current, percent) => {
    expect(progressOf(index, total)).toEqual({ current, total, percent });
  });

  test("every step of a 19-question survey rounds (index + 1) / total to a whole percentage", () => {
    for (let index = 0; index < 19; index++) {
      expect(progressOf(index, 19).percent).toBe(Math.round(((index + 1) / 19) * 100));
    }
  });
});
