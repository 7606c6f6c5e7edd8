/**
 * The definition's version in the core (src/core/definition-version.ts and
 * what carries it): the page's opening answers hold the version it was
 * built with, a draft and a partial row bring back the version they started
 * on (after a deploy too), toRow stores it with the build's commit, and the
 * labels a version is published with.
 */
import { describe, expect, test } from "vitest";
import { canonicalJson, versionLabels } from "../../src/core/definition-version.ts";
import type { Draft } from "../../src/core/draft.ts";
import { carriedOver } from "../../src/core/draft-fit.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { resumeFromRow } from "../../src/core/partial-resume.ts";
import { toRow } from "../../src/core/to-row.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const questions = [
  { id: "nombre", type: "text", title: "¿Nombre, {answer:nada|amiga}?", emoji: "👋", required: true },
  { id: "red", type: "radio", title: "¿Qué red usas?", emoji: "📱", required: true, options: ["Instagram", { value: "tt", label: "TikTok" }] },
] as Question[];
const OLD = "0123456789abcdef";
const NEW = "fedcba9876543210";
/** The survey as the build after the deploy serves it. */
const served = { ...tinySurvey({ questions }), version: NEW };
const ID = "0b5f0c0e-8a4e-4c1a-9d7e-2f1e3c4b5a69";
const draft = (answers: Record<string, unknown>): Draft => ({ questionId: "red", index: 1, answers, types: { nombre: "text", red: "radio" }, responseId: ID, savedAt: 0, extra: {} });

describe("the version a visit carries", () => {
  test("a new visit starts on the page's version, and its row stores it, with no commit outside a production build", () => {
    const opening = openingAnswers(served, "", ID);
    expect(opening["definitionVersion"]).toBe(NEW);
    const answers = { ...opening, nombre: "Ana", red: "tt" };
    expect(toRow(served, answers, ID)).toMatchObject({ definition_version: NEW, definition_commit: null, red: "tt" });
  });

  test("a draft started before the deploy goes on with its own version; one without a version, or a broken one, takes the page's", () => {
    const opening = openingAnswers(served, "", ID);
    expect(carriedOver(served, draft({ definitionVersion: OLD, nombre: "Ana" }), opening).definitionVersion).toBe(OLD);
    expect(carriedOver(served, draft({ nombre: "Ana" }), opening).definitionVersion).toBe(NEW);
    expect(carriedOver(served, draft({ definitionVersion: "v1<script>", nombre: "Ana" }), opening).definitionVersion).toBe(NEW);
  });

  test("a partial row resumed on another device goes on with the row's version", () => {
    const { restored } = resumeFromRow(served, { id: ID, nombre: "Ana", red: "tt", last_step: "red", definition_version: OLD });
    expect(restored!.answers.definitionVersion).toBe(OLD);
    expect(toRow(served, restored!.answers, ID).definition_version).toBe(OLD);
  });

  test("a page that was never given a version sends none, so the database refuses it rather than guess", () => {
    const survey = tinySurvey({ questions });
    expect(toRow(survey, { ...openingAnswers(survey, "", ID), nombre: "Ana", red: "tt" }, ID).definition_version).toBeNull();
  });
});

describe("what a version is published with", () => {
  test("each question's title as a reader reads it, and each stored value's label", () => {
    expect(versionLabels(served)).toEqual({ questions: { nombre: { title: "¿Nombre, amiga?" }, red: { title: "¿Qué red usas?", values: { Instagram: "Instagram", tt: "TikTok" } } } });
  });

  test("canonical JSON: the same value in any key order is the same text; lists keep their order", () => {
    expect(canonicalJson({ b: [2, 1], a: { d: null, c: "x" }, skipped: undefined })).toBe(canonicalJson({ a: { c: "x", d: null }, b: [2, 1] }));
    expect(canonicalJson({ b: [2, 1] })).not.toBe(canonicalJson({ b: [1, 2] }));
  });
});
