/**
 * SPEC CONFORMANCE: the one test that pins the spec's exact strings
 * (/work/shared/spec/questionnaire-spec.md: "its strings are the contract"),
 * as the two shipped surveys word them: every string a respondent can meet
 * on /, /foreign-form, the thank-you page and the 404 page, with the option
 * texts that are also stored values. Every other test takes its strings from
 * the survey files, so an editor's rewording fails here and only here.
 *
 * The strings are in tests/spec-strings/, one file per survey. A failure
 * names each string that changed. If the change is intended, make it in that
 * survey's file too: that is how the contract is changed.
 */
import { describe, expect, test } from "vitest";
import { resolveSurvey } from "../src/core/resolve-survey.ts";
import { surveyFile } from "./support/survey-files.ts";
import { visibleStrings } from "./support/visible-strings.ts";
import { FOREIGN_FORM_SPEC } from "./spec-strings/foreign-form.ts";
import { MEDICAL_FORM_SPEC } from "./spec-strings/medical-form.ts";

const SPEC: Record<string, Record<string, string>> = { "medical-form": MEDICAL_FORM_SPEC, "foreign-form": FOREIGN_FORM_SPEC };

describe("spec conformance: the shipped surveys show the spec's exact strings", () => {
  test.each(Object.keys(SPEC))("%s", (id) => {
    const shown = visibleStrings(resolveSurvey(surveyFile(id)));
    const spec = SPEC[id]!;
    const places = [...new Set([...Object.keys(spec), ...Object.keys(shown)])];
    const changed = places
      .filter((place) => shown[place] !== spec[place])
      .map((place) => `${id} ${place}: the spec says ${JSON.stringify(spec[place] ?? null)}, the survey shows ${JSON.stringify(shown[place] ?? null)}`);
    expect(changed, `${changed.length} string(s) differ from the spec. If the wording change is intended, update that survey's file in tests/spec-strings/.`).toEqual([]);
  });
});
