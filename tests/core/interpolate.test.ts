import { describe, expect, test } from "vitest";
import { interpolate } from "../../src/core/interpolate.ts";

describe("interpolate", () => {
  test.each([
    ["{current} de {total}", { current: 1, total: 19 }, "1 de 19"],
    ["{percent}% completo", { percent: 5 }, "5% completo"],
    ["¿Conocías a {professionalName}?", { professionalName: "Dra. Ana" }, "¿Conocías a Dra. Ana?"],
    ["{a} y {a}", { a: "x" }, "x y x"],
    ["sin marcadores", { a: "x" }, "sin marcadores"],
    ["{unknown} stays", { a: "x" }, "{unknown} stays"],
    ["{zero}", { zero: 0 }, "0"],
  ])("%j with %j reads %j", (template, values, expected) => {
    expect(interpolate(template, values)).toBe(expected);
  });
});
