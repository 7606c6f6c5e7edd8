/** The report's Net Promoter Score of an nps question: promoters, passives, detractors and the score, equal to the ones counted straight from the rows. */
import { describe, expect, test } from "vitest";
import { formatters } from "../../../src/report/format.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QuestionSection } from "../../../src/report/sections/questions/question.tsx";
import { reportNumbers } from "../../support/report-oracle/numbers.ts";
import { everyTypeSurvey } from "../../support/surveys.ts";

const answers = [10, 9, 9, 8, 7, 6, 3, 0, 10, null, 9];
const rows = answers.map((recomendaria, i) => ({ created_at: `2026-11-${String(10 + i)}T10:00:00+00:00`, recomendaria }));
const numbers = reportNumbers(everyTypeSurvey, rows, []);
const nps = numbers.questions.find((question) => question.id === "recomendaria")!;

// Straight from the rows, the textbook way.
const given = answers.filter((value): value is number => value !== null);
const share = (test: (value: number) => boolean) => (100 * given.filter(test).length) / given.length;
const fromRows = share((value) => value >= 9) - share((value) => value <= 6);

describe("the NPS in the report", () => {
  test("counts promoters (9–10), passives (7–8) and detractors (0–6) of those who answered; the score is their difference in points", () => {
    expect(nps).toMatchObject({ kind: "numeric", n: 10, nps: { n: 10, promoters: 5, passives: 2, detractors: 3 } });
    if (nps.kind !== "numeric") throw new Error("kind");
    expect(nps.nps!.score).toBeCloseTo(fromRows, 10);
    expect(nps.nps!.score).toBe(20);
  });

  test("the HTML shows the score beside the groups, in the reader's language", () => {
    const section = renderToStaticMarkup(createElement(QuestionSection, { question: nps, position: 9, responses: rows.length, f: formatters("en") }));
    expect(section).toContain('<th scope="row">Promoters (9–10)</th><td class="num">5</td><td class="num">50.0%</td>');
    expect(section).toContain('<th scope="row">Detractors (0–6)</th><td class="num">3</td><td class="num">30.0%</td>');
    expect(section).toContain('<p class="nps-score">Net Promoter Score (−100 to 100): <strong>20</strong></p>');
  });

  test("a rating question gets no score", () => {
    expect(numbers.questions.find((question) => question.id === "utilidad")).not.toHaveProperty("nps");
  });
});
