import { describe, expect, test } from "vitest";
import { surveyForRoute } from "../../src/config/load-surveys.ts";
import { visitTracker } from "../../src/core/visit-steps.ts";

const config = surveyForRoute("/foreign-form")!;
const VISIT = "5f0c6a3e-8a1b-4c2d-9e3f-1a2b3c4d5e6f";
const hidden = { utm_source: "instagram", utm_medium: "", utm_campaign: "live-nov" };

describe("visitTracker", () => {
  test("records opened, the first answer and submitted once each, with the visit, survey and non-empty hidden values", () => {
    const tracker = visitTracker(config, VISIT, hidden);
    const common = { visit_id: VISIT, survey_id: "foreign-form", question_id: null, hidden: { utm_source: "instagram", utm_campaign: "live-nov" } };
    expect(tracker.opened()).toEqual([{ ...common, step: "opened" }]);
    expect(tracker.opened()).toEqual([]);
    expect(tracker.answered()).toEqual([{ ...common, step: "first_answer" }]);
    expect(tracker.answered()).toEqual([]);
    expect(tracker.submitted()).toEqual([{ ...common, step: "submitted" }]);
    expect(tracker.submitted()).toEqual([]);
  });

  test("records each question by its id the first time it is shown, not again when the respondent goes back", () => {
    const tracker = visitTracker(config, VISIT, {});
    const steps = ["nomeCompleto", "idade", "nomeCompleto", "idade", "genero"].flatMap((id) => tracker.questionShown(id));
    expect(steps.map((event) => [event.step, event.question_id])).toEqual([["reached", "nomeCompleto"], ["reached", "idade"], ["reached", "genero"]]);
  });

  test("records nothing when the survey turns visit events off", () => {
    const tracker = visitTracker({ ...config, visitEvents: false }, VISIT, hidden);
    expect([...tracker.opened(), ...tracker.questionShown("idade"), ...tracker.answered(), ...tracker.submitted()]).toEqual([]);
  });
});
