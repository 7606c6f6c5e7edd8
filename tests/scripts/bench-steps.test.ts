import { describe, expect, test } from "vitest";
import { stepLog } from "../../scripts/bench/steps.ts";

describe("stepLog", () => {
  test("says which step a long run is in and how many remain", () => {
    const lines: string[] = [];
    const step = stepLog(3, (line) => lines.push(line));
    step("seeding…");
    step("analyze…");
    step("npm run report…");
    expect(lines).toEqual(["step 1 of 3, 2 after it: seeding…", "step 2 of 3, 1 after it: analyze…", "step 3 of 3, the last: npm run report…"]);
  });
});
