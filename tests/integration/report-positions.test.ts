/**
 * The report's position effects, end to end through the real PostgREST on
 * PGlite: rows of the shuffle fixture stored with the order each respondent
 * saw `red`'s options in (four shuffled, "Otra" anchored last), then
 * `npm run report`'s pipeline (report.crosstab of the question against its
 * position axis) → the HTML's "position effects" section: where the answer
 * stood, the anchored place shown apart, and the χ² goodness of fit of the
 * four shuffled places against equal shares (60, 20, 10, 10 of 100: χ² = 68,
 * 3 d.f., p < 0.001). The SQL of the axis is checked against a recount on
 * both databases in crosstab-recount.test.ts.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import { rest, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";
import { openReport, shown } from "../support/report-html.ts";
import { validRow } from "../support/survey-rows.ts";

const DIR = join(import.meta.dirname, "../fixtures/surveys/shuffle");
const survey = loadSurveys(DIR).surveys[0]!.config;
const SHUFFLED = ["Instagram", "TikTok", "YouTube", "LinkedIn"];

let fixture: FixtureApi;

/** `count` respondents who chose the option shown in `place` (1-based) of a list rotated so that `red` stands there, "Otra" last. */
const rows = (red: string, place: number, count: number) =>
  Array.from({ length: count }, () => {
    const others = SHUFFLED.filter((option) => option !== red);
    const order = red === "Otra" ? [...SHUFFLED, "Otra"] : [...others.slice(0, place - 1), red, ...others.slice(place - 1), "Otra"];
    return { ...validRow(survey), red, red_otra: red === "Otra" ? "Mastodon" : null, shown_order: { options: { red: order } } };
  });

beforeAll(async () => {
  fixture = await startFixtureApi(DIR, "PGlite");
  const all = [...rows("Instagram", 1, 30), ...rows("TikTok", 1, 30), ...rows("YouTube", 2, 20), ...rows("LinkedIn", 3, 10), ...rows("Instagram", 4, 10), ...rows("Otra", 5, 10)];
  const stored = await rest(fixture.api, "POST", survey.table, all, { key: fixture.api.serviceRoleKey });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
}, 180_000);

afterAll(() => fixture?.stop());

const report = async (language: string) => {
  const written = await writeSurveyReport(survey, { url: fixture.api.url, serviceKey: fixture.api.serviceRoleKey }, { where: {} }, mkdtempSync(join(tmpdir(), "report-positions-")), { language, now: new Date("2026-12-07T12:00:00Z") });
  return openReport(readFileSync(written.html, "utf8"));
};

describe("the report's position effects", () => {
  test("where each answer stood, the anchored place apart, and the test of the shuffled places, in Spanish", async () => {
    const section = (await report("es")).querySelector("section[aria-labelledby=positions]")!;
    expect(section.querySelector("h2")!.textContent).toBe("Efecto de la posición");
    // One table: red's (the ranking shuffles its options too, but its answer is an order, not a choice).
    const tables = [...section.querySelectorAll("table")];
    expect(tables.map((table) => table.querySelector("caption")!.textContent)).toEqual([survey.questions[1]!.title]);
    expect([...tables[0]!.querySelectorAll("tr")].map((row) => [...row.children].map(shown))).toEqual([
      ["Lugar en la lista", "Elegida en ese lugar"],
      ["1.º", "54,5 % (60 de 110)"],
      ["2.º", "18,2 % (20 de 110)"],
      ["3.º", "9,1 % (10 de 110)"],
      ["4.º", "9,1 % (10 de 110)"],
      ["5.º (fijo)", "9,1 % (10 de 110)"],
    ]);
    expect(section.textContent).toContain("La posición cambió las respuestas: χ² = 68, 3 g.l., p < 0,001.");
  }, 60_000);

  test("in English", async () => {
    const section = (await report("en")).querySelector("section[aria-labelledby=positions]")!;
    expect(section.querySelector("h2")!.textContent).toBe("Position effects");
    expect(section.textContent).toContain("The place changed the answers: χ² = 68, 3 d.f., p < 0.001.");
  }, 60_000);
});
