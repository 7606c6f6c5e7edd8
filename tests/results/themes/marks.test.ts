import { describe, expect, test } from "vitest";
import { inContext, markedParts } from "../../../src/results/themes/marks.ts";

const marked = (text: string, words: string[]) => markedParts(text, words).filter((part) => part.marked).map((part) => part.text);

describe("markedParts", () => {
  test.each([
    ["Quiero REVALIDAR mi título", ["revalidar"], ["REVALIDAR"]],
    ["La revalidación y revalidacion", ["revalidacion"], ["revalidación", "revalidacion"]],
    ["Cardiología, cardiologia!", ["cardiología"], ["Cardiología", "cardiologia"]],
    ["Residência em medicina-interna", ["Medicina Interna"], ["medicina-interna"]],
    ["revalidarlo no es revalidar", ["revalidar"], ["revalidar"]],
    ["Especialização em São Paulo", ["especializacao"], ["Especialização"]],
  ])("%s: %j marks %j, whole words in any case and accent", (text, words, expected) => {
    expect(marked(text, words)).toEqual(expected);
  });

  test("the parts put back together are the text", () => {
    const text = "Aprobar el Revalida, y después el Revalida otra vez.";
    expect(markedParts(text, ["Revalida"]).map((part) => part.text).join("")).toBe(text);
    expect(markedParts(text, [])).toEqual([{ text, marked: false }]);
  });
});

describe("inContext", () => {
  test("a long answer is cut around its first marked word, at spaces, with ellipses", () => {
    const text = `${"palabra ".repeat(30)}Revalida ${"otra ".repeat(40)}`;
    const parts = inContext(markedParts(text, ["Revalida"]), 30);
    const joined = parts.map((part) => part.text).join("");
    expect(joined.startsWith("…")).toBe(true);
    expect(joined.endsWith("…")).toBe(true);
    expect(joined.length).toBeLessThan(80);
    expect(parts.filter((part) => part.marked).map((part) => part.text)).toEqual(["Revalida"]);
  });

  test("a short answer is kept whole", () => {
    const parts = markedParts("Pasar el Revalida", ["Revalida"]);
    expect(inContext(parts)).toEqual(parts);
  });
});
