import { describe, expect, test } from "vitest";
import { crossSurveyErrors } from "../../scripts/lib/cross-survey-checks.ts";
import { optionErrors } from "../../src/core/checks/option-checks.ts";
import type { RadioQuestion, SurveyConfig } from "../../src/generated/survey-config.ts";

const radio = (options: RadioQuestion["options"]): RadioQuestion => ({ id: "canal", type: "radio", title: "¿Cómo?", emoji: "📣", required: true, options });

describe("optionErrors on value/label options", () => {
  test.each([
    ["two labels that look the same", [{ value: "ig", label: "Instagram" }, { value: "insta", label: "instagram " }], "/q/options/1/label", 'option label "instagram " has spaces at its start or end'],
    ["two labels that are the same", [{ value: "ig", label: "Instagram" }, { value: "insta", label: "Instagram" }], "/q/options/1/label", 'option label "Instagram" is the same as /q/options/0'],
    ["a value that is only spaces", [{ value: "ig", label: "Instagram" }, { value: " ", label: "Amigo" }], "/q/options/1/value", "option value is only spaces"],
    ["stored values that differ only in case", [{ value: "ig", label: "Instagram" }, { value: "IG", label: "Un amigo" }], "/q/options/1/value", 'option value "IG" looks the same as "ig"'],
  ])("%s: one error at the offending key", (_case, options, pointer, message) => {
    const errors = optionErrors(radio(options), "/q");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.pointer).toBe(pointer);
    expect(errors[0]!.message).toContain(message);
  });

  test("distinct labels over distinct values pass", () => {
    expect(optionErrors(radio([{ value: "ig", label: "Instagram" }, { value: "amigo", label: "Un amigo" }]), "/q")).toEqual([]);
  });
});

describe("crossSurveyErrors on the buttons of the thank-you and 404 pages", () => {
  const survey = (route: string, table: string, pages: Pick<SurveyConfig, "thankYou" | "notFound"> = {}): { file: string; config: SurveyConfig } => ({
    file: `${table}.json`,
    config: { id: table.replace("_", "-"), route, table, language: "es", pageTitle: "T", professionalName: "X", questions: [radio(["Sí", "No"])], ...pages },
  });

  test("a button may lead to another survey or to a thank-you page", () => {
    const surveys = [survey("/a", "a_responses", { thankYou: { buttonTo: "/b" }, notFound: { buttonTo: "/b/thank-you" } }), survey("/b", "b_responses")];
    expect(crossSurveyErrors(surveys)).toEqual([]);
  });

  test("a button to an address no page has is refused, naming the pages that exist", () => {
    const errors = crossSurveyErrors([survey("/a", "a_responses", { thankYou: { buttonTo: "/nada" }, notFound: { buttonTo: "/bb" } }), survey("/b", "b_responses")]);
    const allowed = '(allowed: "/a", "/a/thank-you", "/b", "/b/thank-you"';
    expect(errors).toEqual([
      { file: "a_responses.json", pointer: "/thankYou/buttonTo", message: `"/nada" is not a page of this site ${allowed})` },
      { file: "a_responses.json", pointer: "/notFound/buttonTo", message: `"/bb" is not a page of this site ${allowed}; did you mean "/b"?)` },
    ]);
  });
});
