import { describe, expect, test } from "vitest";
import { crossSurveyErrors } from "../../scripts/lib/cross-survey-checks.ts";
import { optionErrors } from "../../scripts/lib/option-checks.ts";
import type { RadioQuestion, SurveyConfig } from "../../src/generated/survey-config.ts";
import foreignForm from "../../surveys/foreign-form.json" with { type: "json" };
import { tinySurvey } from "../support/tiny-survey.ts";

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

describe("crossSurveyErrors on redirects", () => {
  const survey = (route: string, table: string, redirect: string): { file: string; config: SurveyConfig } => {
    const config = tinySurvey({ messages: (foreignForm as SurveyConfig).messages, questions: [radio(["Sí", "No"])] });
    return { file: `${table}.json`, config: { ...config, route, table, redirect: { ...config.redirect, path: redirect } } };
  };

  test("a survey may send respondents to another survey or to the thank-you page", () => {
    expect(crossSurveyErrors([survey("/a", "a_responses", "/b"), survey("/b", "b_responses", "/thank-you")])).toEqual([]);
  });

  test("a redirect to a route no survey has is refused, naming the pages that exist", () => {
    const errors = crossSurveyErrors([survey("/a", "a_responses", "/nada"), survey("/b", "b_responses", "/thank-you")]);
    expect(errors).toEqual([{ file: "a_responses.json", pointer: "/redirect/path", message: '"/nada" is not a page of this site (allowed: "/thank-you", "/b")' }]);
  });
});
