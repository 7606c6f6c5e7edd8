import { describe, expect, test } from "vitest";
import { toggleOption } from "../../../src/question-types/checkbox/choices.ts";

describe("toggleOption", () => {
  test.each([
    ["ticking adds the option at the end", ["A"], "B", true, undefined, ["A", "B"]],
    ["ticking keeps the order of ticking", ["C"], "A", true, undefined, ["C", "A"]],
    ["unticking removes the option", ["A", "B"], "A", false, undefined, ["B"]],
    ["unticking the only option leaves an empty list", ["A"], "A", false, undefined, []],
    ["ticking an option already ticked changes nothing", ["A"], "A", true, undefined, ["A"]],
    ["unticking an option not ticked changes nothing", ["A"], "B", false, undefined, ["A"]],
    ["ticking below the limit adds", ["A"], "B", true, 2, ["A", "B"]],
    ["ticking at the limit is ignored", ["A", "B"], "C", true, 2, ["A", "B"]],
    ["unticking at the limit still removes", ["A", "B"], "A", false, 2, ["B"]],
  ] as const)("%s", (_, selected, option, checked, max, expected) => {
    expect(toggleOption(selected, option, checked, max)).toEqual(expected);
  });

  test("never changes the list it was given", () => {
    const selected = ["A"];
    toggleOption(selected, "B", true);
    toggleOption(selected, "A", false);
    expect(selected).toEqual(["A"]);
  });
});
