import { describe, expect, test } from "vitest";
import { retryDelayMs } from "../../src/core/retry.ts";

describe("retryDelayMs", () => {
  test("doubles from one second and stays at ten seconds", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});
