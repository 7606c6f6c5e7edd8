import { describe, expect, test } from "vitest";
import type { Answers } from "../../src/core/answers.ts";
import { conditionHolds, numberOf, questionsReadBy } from "../../src/core/conditions.ts";
import type { Condition } from "../../src/generated/survey-config.ts";

const holds = (condition: Condition, answers: Answers) => conditionHolds(condition, (id) => answers[id]);

describe("conditionHolds", () => {
  test.each<[string, Condition, Answers, boolean]>([
    ["equals: the chosen option", { question: "pais", equals: "Chile" }, { pais: "Chile" }, true],
    ["equals: another option", { question: "pais", equals: "Chile" }, { pais: "Perú" }, false],
    ["equals: unanswered", { question: "pais", equals: "Chile" }, { pais: "" }, false],
    ["equals: a number answer typed as text", { question: "edad", equals: 30 }, { edad: "30" }, true],
    ["equals: a number answer with blanks and decimals", { question: "edad", equals: 30 }, { edad: " 30.0 " }, true],
    ["equals: a slider value", { question: "influencia", equals: 7 }, { influencia: [7] }, true],
    ["notEquals: another option", { question: "pais", notEquals: "Brasil" }, { pais: "Chile" }, true],
    ["notEquals: that option", { question: "pais", notEquals: "Brasil" }, { pais: "Brasil" }, false],
    ["notEquals: unanswered", { question: "pais", notEquals: "Brasil" }, { pais: "" }, true],
    ["notEquals: a slider value", { question: "influencia", notEquals: 5 }, { influencia: [5] }, false],
    ["oneOf: one of them", { question: "pais", oneOf: ["Chile", "Perú"] }, { pais: "Perú" }, true],
    ["oneOf: none of them", { question: "pais", oneOf: ["Chile", "Perú"] }, { pais: "Brasil" }, false],
    ["oneOf: unanswered", { question: "pais", oneOf: ["Chile", "Perú"] }, { pais: "" }, false],
    ["includes: ticked among others", { question: "redes", includes: "TikTok" }, { redes: ["Instagram", "TikTok"] }, true],
    ["includes: not ticked", { question: "redes", includes: "TikTok" }, { redes: ["Instagram"] }, false],
    ["includes: nothing ticked", { question: "redes", includes: "TikTok" }, { redes: [] }, false],
    ["excludes: not ticked", { question: "redes", excludes: "TikTok" }, { redes: ["YouTube"] }, true],
    ["excludes: ticked", { question: "redes", excludes: "TikTok" }, { redes: ["TikTok"] }, false],
    ["excludes: nothing ticked", { question: "redes", excludes: "TikTok" }, { redes: [] }, true],
    ["lessThan: below", { question: "edad", lessThan: 30 }, { edad: "29" }, true],
    ["lessThan: equal", { question: "edad", lessThan: 30 }, { edad: "30" }, false],
    ["lessThan: unanswered", { question: "edad", lessThan: 30 }, { edad: "" }, false],
    ["atMost: equal", { question: "influencia", atMost: 3 }, { influencia: [3] }, true],
    ["atMost: above", { question: "influencia", atMost: 3 }, { influencia: [4] }, false],
    ["greaterThan: above", { question: "edad", greaterThan: 30 }, { edad: "31" }, true],
    ["greaterThan: equal", { question: "edad", greaterThan: 30 }, { edad: "30" }, false],
    ["greaterThan: not a number", { question: "edad", greaterThan: 30 }, { edad: "treinta" }, false],
    ["atLeast: equal", { question: "influencia", atLeast: 7 }, { influencia: [7] }, true],
    ["atLeast: below", { question: "influencia", atLeast: 7 }, { influencia: [6] }, false],
    ["atLeast: negative numbers", { question: "edad", atLeast: -2 }, { edad: "-1.5" }, true],
    ["is answered: a text", { question: "nombre", is: "answered" }, { nombre: "Ana" }, true],
    ["is answered: blanks only", { question: "nombre", is: "answered" }, { nombre: "   " }, false],
    ["is answered: a ticked box", { question: "redes", is: "answered" }, { redes: ["YouTube"] }, true],
    ["is answered: a slider always is", { question: "influencia", is: "answered" }, { influencia: [0] }, true],
    ["is empty: blanks only", { question: "nombre", is: "empty" }, { nombre: " \n" }, true],
    ["is empty: nothing ticked", { question: "redes", is: "empty" }, { redes: [] }, true],
    ["is empty: a chosen option", { question: "pais", is: "empty" }, { pais: "Chile" }, false],
    ["is empty: a question not answered at all", { question: "pais", is: "empty" }, {}, true],
  ])("%s → %s", (_, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });

  const chile = { question: "pais", equals: "Chile" };
  const tiktok = { question: "redes", includes: "TikTok" };
  test.each<[string, Condition, Answers, boolean]>([
    ["all: every part holds", { all: [chile, tiktok] }, { pais: "Chile", redes: ["TikTok"] }, true],
    ["all: one part fails", { all: [chile, tiktok] }, { pais: "Chile", redes: [] }, false],
    ["any: one part holds", { any: [chile, tiktok] }, { pais: "Perú", redes: ["TikTok"] }, true],
    ["any: no part holds", { any: [chile, tiktok] }, { pais: "Perú", redes: [] }, false],
    ["not: the part fails", { not: chile }, { pais: "Perú" }, true],
    ["not: the part holds", { not: chile }, { pais: "Chile" }, false],
    ["nested: any of (all of …) and not", { any: [{ all: [chile, tiktok] }, { not: { question: "edad", atLeast: 18 } }] }, { pais: "Perú", redes: [], edad: "17" }, true],
    ["nested: neither branch", { any: [{ all: [chile, tiktok] }, { not: { question: "edad", atLeast: 18 } }] }, { pais: "Chile", redes: [], edad: "40" }, false],
  ])("%s → %s", (_, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });
});

describe("ranking: topChoice", () => {
  const first = { question: "prioridades", topChoice: "podcasts" };
  test.each<[string, Condition, Answers, boolean]>([
    ["the option ranked first", first, { prioridades: ["podcasts", "videos", "newsletter"] }, true],
    ["the option ranked second", first, { prioridades: ["videos", "podcasts", "newsletter"] }, false],
    ["unranked (the empty list)", first, { prioridades: [] }, false],
    ["not answered at all (hidden)", first, {}, false],
    ["not: unranked reads as not first", { not: first }, { prioridades: [] }, true],
  ])("%s → %s", (_, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });
});

describe("matrix: one row", () => {
  const podcastsHigh = { question: "intereses", row: "podcasts", equals: "alto" };
  test.each<[string, Condition, Answers, boolean]>([
    ["equals: the row's chosen column", podcastsHigh, { intereses: { podcasts: "alto", videos: "bajo" } }, true],
    ["equals: another column on that row", podcastsHigh, { intereses: { podcasts: "bajo", videos: "alto" } }, false],
    ["equals: that column on another row only", podcastsHigh, { intereses: { videos: "alto" } }, false],
    ["equals: nothing answered", podcastsHigh, { intereses: {} }, false],
    ["equals: hidden", podcastsHigh, {}, false],
    ["not equals: an unanswered row", { not: podcastsHigh }, { intereses: { videos: "alto" } }, true],
    ["is answered: that row", { question: "intereses", row: "podcasts", is: "answered" }, { intereses: { podcasts: "bajo" } }, true],
    ["is answered: another row only", { question: "intereses", row: "podcasts", is: "answered" }, { intereses: { videos: "bajo" } }, false],
    ["is empty: that row", { question: "intereses", row: "podcasts", is: "empty" }, { intereses: { videos: "bajo" } }, true],
    ["is answered without a row: any row", { question: "intereses", is: "answered" }, { intereses: { videos: "bajo" } }, true],
    ["is empty without a row: none", { question: "intereses", is: "empty" }, { intereses: {} }, true],
  ])("%s → %s", (_, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });
});

describe("numberOf", () => {
  test.each([
    ["42", 42], [" 4.5 ", 4.5], ["-3", -3], ["+7", 7], [".5", 0.5], ["1e3", 1000],
    ["", undefined], ["abc", undefined], ["0x10", undefined], ["4,5", undefined], ["Infinity", undefined],
  ])("reads %j as %s", (text, expected) => {
    expect(numberOf(text)).toBe(expected);
  });

  test("reads a slider's one-element list as its number", () => {
    expect(numberOf([3])).toBe(3);
  });
});

test("questionsReadBy lists every question a nested condition reads", () => {
  expect(questionsReadBy({ any: [{ all: [{ question: "a", equals: "x" }, { question: "b", is: "empty" }] }, { not: { question: "c", atLeast: 1 } }] })).toEqual(["a", "b", "c"]);
});
