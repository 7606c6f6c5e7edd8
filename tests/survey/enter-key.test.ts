// @vitest-environment jsdom
import { describe, expect, test } from "vitest";
import { isAdvancingEnter } from "../../src/survey/enter-key.ts";

/** Builds an element from markup and returns the one marked data-target (or the root). */
function element(html: string): Element {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.querySelector("[data-target]") ?? host.firstElementChild!;
}

const enter = (target: EventTarget | null, extra: { shiftKey?: boolean; isComposing?: boolean; key?: string } = {}) =>
  isAdvancingEnter({ key: "Enter", shiftKey: false, target, ...extra });

describe("isAdvancingEnter", () => {
  test.each([
    ["in a text input", "<input type='text'>", true],
    ["in a number input", "<input type='number'>", true],
    ["on a radio option", "<button role='radio'></button>", true],
    ["on a checkbox", "<button role='checkbox'></button>", true],
    ["on the slider thumb", "<span role='slider'></span>", true],
    ["on a closed drop-down with a value", "<button role='combobox' aria-expanded='false'></button>", true],
    ["in a textarea (a new line)", "<textarea></textarea>", false],
    ["on an open drop-down", "<button role='combobox' aria-expanded='true'></button>", false],
    ["on an empty drop-down (it opens)", "<button role='combobox' aria-expanded='false' data-placeholder></button>", false],
    ["on an option of an open list", "<div role='listbox'><div role='option' data-target></div></div>", false],
    ["on a plain button (it activates)", "<button>Anterior</button>", false],
    ["on a link", "<a href='/'>x</a>", false],
  ])("Enter %s moves on: %s", (_, html, expected) => {
    expect(enter(element(html))).toBe(expected);
  });

  test.each([
    ["Shift+Enter", { shiftKey: true }],
    ["Enter while composing text (IME)", { isComposing: true }],
    ["another key", { key: "a" }],
  ])("%s never moves on", (_, extra) => {
    expect(enter(element("<input>"), extra)).toBe(false);
  });

  test("Enter with no element target moves on", () => {
    expect(enter(null)).toBe(true);
  });
});
