/**
 * Each type's parts agree with one another, on every question of the shipped
 * surveys and of the fixtures that show the types no shipped survey uses (every-type, ranking-matrix): its sample answer is one the page accepts (validation, draft fit)
 * and its stored value one its row schema allows; a required question left
 * with its empty answer gets its type's message.
 */
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { isEmptyAnswer } from "../../src/core/answers.ts";
import { validateQuestion } from "../../src/core/validation.ts";
import { definitionOf, questionTypes, toolsOf } from "../../src/question-types/registry.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { rankingMatrixSurvey } from "../support/ranking-matrix-fixture.ts";
import { everyTypeSurvey, surveys as shipped } from "../support/surveys.ts";

const surveys = [...shipped, everyTypeSurvey, resolveSurvey(rankingMatrixSurvey)];
const questions = surveys.flatMap((survey) => survey.questions.map((question) => ({ survey, question, name: `${survey.id} ${question.id} (${question.type})` })));
const ajv = new Ajv2020({ strict: false });

describe("each question type's parts", () => {
  test("the shipped surveys and the type fixtures use every type", () => {
    expect(new Set(questions.map(({ question }) => question.type))).toEqual(new Set(questionTypes()));
  });

  test.each(questions)("$name: its sample answer is valid, fits a draft and is stored as its row schema says", ({ survey, question }) => {
    const sample = toolsOf(question).sampleAnswer(question);
    const definition = definitionOf(question);
    expect(validateQuestion(question, { [question.id]: sample }, survey.messages)).toBeUndefined();
    expect(definition.fitDraft(question, sample)).toEqual(sample);
    const stored = definition.rowValue(question, sample);
    expect(ajv.validate(toolsOf(question).rowSchema(question), stored), JSON.stringify(stored)).toBe(true);
  });

  test.each(questions.filter(({ question }) => question.required))("$name: left empty, it says its type's message", ({ survey, question }) => {
    const definition = definitionOf(question);
    const empty = definition.emptyAnswer(question);
    const expected = isEmptyAnswer(empty) ? survey.messages[definition.requiredMessage] : undefined;
    expect(validateQuestion(question, { [question.id]: empty }, survey.messages)).toBe(expected);
  });
});
