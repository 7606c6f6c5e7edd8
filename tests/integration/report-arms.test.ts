/**
 * The report of a survey with A/B arms, end to end through the real
 * PostgREST on PGlite: rows stored with their arms, then `npm run report`'s
 * pipeline (report.crosstab against the ~arm axis) → the HTML's "by arm"
 * section, which shows each answer's share per arm and the difference with
 * its Wald 95 % interval (60 of 100 against 50 of 100: +10.0 points,
 * −3.7 to +23.7), in the report's language.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import { rest, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";
import { openReport, shown } from "../support/report-html.ts";

const DIR = join(import.meta.dirname, "../fixtures/surveys/arms");
const survey = loadSurveys(DIR).surveys[0]!.config;

let fixture: FixtureApi;

/** `count` rows of arm `arm` answering `red`. */
const rows = (arm: string, red: string, count: number) =>
  Array.from({ length: count }, () => ({ id: randomUUID(), definition_version: definitionVersion(survey), nombre: "Ana", red, horas: "1 a 3", arm, arm_source: "database", motivo: arm === "b" ? "Videos" : null }));

beforeAll(async () => {
  fixture = await startFixtureApi(DIR, "PGlite");
  const all = [...rows("a", "Instagram", 50), ...rows("a", "TikTok", 50), ...rows("b", "Instagram", 60), ...rows("b", "YouTube", 40)];
  const stored = await rest(fixture.api, "POST", survey.table, all, { key: fixture.api.serviceRoleKey });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
}, 180_000);

afterAll(() => fixture?.stop());

const report = async (language: string) => {
  const written = await writeSurveyReport(survey, { url: fixture.api.url, serviceKey: fixture.api.serviceRoleKey }, { where: {} }, mkdtempSync(join(tmpdir(), "report-arms-")), { language, now: new Date("2026-12-02T12:00:00Z") });
  return openReport(readFileSync(written.html, "utf8"));
};

describe("the report of a survey with arms", () => {
  test("each question by arm: shares per arm, and b − a with its 95 % interval, in Spanish", async () => {
    const document = await report("es");
    const section = document.querySelector("section[aria-labelledby=by-arm]")!;
    expect(section.querySelector("h2")!.textContent).toBe("Por variante");
    const red = [...section.querySelectorAll("table")].find((table) => table.querySelector("caption")!.textContent === survey.questions[1]!.title)!;
    expect([...red.querySelectorAll("tr")].map((row) => [...row.children].map(shown))).toEqual([
      ["Respuesta", "Variante a", "Variante b", "b − a"],
      ["Instagram", "50,0 % (50 de 100)", "60,0 % (60 de 100)", "+10,0 p.p. (IC 95 %: -3,7 a +23,7)"],
      ["TikTok", "50,0 % (50 de 100)", "0,0 % (0 de 100)", "-50,0 p.p. (IC 95 %: -59,8 a -40,2)"],
      ["YouTube", "0,0 % (0 de 100)", "40,0 % (40 de 100)", "+40,0 p.p. (IC 95 %: +30,4 a +49,6)"],
    ]);
  }, 60_000);

  test("in English: the section's words are the report's language", async () => {
    const section = (await report("en")).querySelector("section[aria-labelledby=by-arm]")!;
    expect(section.querySelector("h2")!.textContent).toBe("By arm");
    expect(section.textContent).toContain("+10.0 pts (95 % CI: -3.7 to +23.7)");
  }, 60_000);
});
