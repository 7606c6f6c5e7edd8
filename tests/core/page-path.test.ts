import { describe, expect, test } from "vitest";
import { isPagePath } from "../../src/core/page-path.ts";

describe("isPagePath", () => {
  test("an address is the page whose path it spells", () => {
    expect(isPagePath("/", "/")).toBe(true);
    expect(isPagePath("/foreign-form", "/foreign-form")).toBe(true);
    expect(isPagePath("/foreign-form/thank-you", "/foreign-form/thank-you")).toBe(true);
  });

  test("a trailing slash or capital letters, as people type and paste addresses, still name the page", () => {
    expect(isPagePath("/foreign-form/", "/foreign-form")).toBe(true);
    expect(isPagePath("/Foreign-Form", "/foreign-form")).toBe(true);
    expect(isPagePath("//", "/")).toBe(true);
  });

  test("another path, a longer or a shorter one, is another page", () => {
    expect(isPagePath("/foreign-form", "/")).toBe(false);
    expect(isPagePath("/", "/foreign-form")).toBe(false);
    expect(isPagePath("/foreign-form/x", "/foreign-form")).toBe(false);
    expect(isPagePath("/foreign", "/foreign-form")).toBe(false);
    expect(isPagePath("/thank-you", "/foreign-form/thank-you")).toBe(false);
  });
});
