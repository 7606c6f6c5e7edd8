// The report in the reader's language: the same seeded results of the
// Spanish survey foreign-form, reported in es and in pt-BR (--language), and
// through a copy of its survey file that says "reportLanguage": "en".
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedReportSql } from "../../scripts/bench/seed-report-data.ts";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { psql } from "../../scripts/data-api/psql.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { REPORT_PRESETS } from "../../src/report/presets/index.ts";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { openReport, parseNumber, tableRows, percentText, questionSection, shown, statOf } from "../support/report-html.ts";
import { REPO } from "../scripts/helpers.ts";

const survey = loadSurveys(join(REPO, "surveys")).surveys.find(({ config }) => config.id === "foreign-form")!.config;
let api: DataApi;
const reports: Record<"es" | "pt-BR" | "fileSaysEn", Document> = {} as never;

// "Net Promoter Score" is a name both languages keep in English; "promotores" is both languages' word;
// "finished", "true", "false" and "where" are the command-line filter both presets name (--where finished=true);
// "los" and "las" are Portuguese pronouns too ("apagá-los"), and "eventos" a word of both languages.
const SHARED_WORDS = ["a", "abandona", "abandono", "cada", "campos", "csv", "de", "declara", "desde", "esta", "eventos", "false", "filtros", "final", "finished", "idioma", "idiomas", "las", "los", "mb", "mediana", "medida", "máximo", "mínimo", "n", "net", "no", "número", "oculto", "ocultos", "para", "parte", "pico", "por", "promoter", "promotores", "que", "registra", "resultados", "score", "se", "todas", "true", "valor", "visita", "visitas", "where", "última"];

/** Every word of a preset's phrases, lower case, placeholders left out. */
function presetWords(preset: object): Set<string> {
  const texts: string[] = [];
  const walk = (value: unknown) => (typeof value === "string" ? texts.push(value) : Object.values(value as object).forEach(walk));
  walk(preset);
  return new Set(texts.flatMap((text) => text.replace(/\{\w+\}/g, " ").toLowerCase().match(/\p{L}+/gu) ?? []));
}

/**
 * The report's own text: the page without the survey's texts (elements with
 * the survey's lang), plus the accessible names and the tab title with the
 * survey's titles taken out.
 */
function ownText(document: Document, config: SurveyConfig): string {
  const page = document.documentElement.cloneNode(true) as HTMLElement;
  page.querySelectorAll(`[lang="${config.language}"], style`).forEach((element) => element.remove());
  const withoutSurveyTexts = (text: string) => [config.pageTitle, ...config.questions.map((question) => question.title)].reduce((rest, title) => rest.replaceAll(title, " "), text);
  const names = [...page.querySelectorAll("[aria-label]")].map((element) => element.getAttribute("aria-label")!);
  page.querySelectorAll("title").forEach((title) => (title.textContent = withoutSurveyTexts(title.textContent ?? "")));
  return [page.textContent ?? "", ...names.map(withoutSurveyTexts)].join("\n");
}

/** Every number the reader sees in the headline, the n lines and the tables' number cells. */
function numbersShown(document: Document): number[] {
  const cells = [...document.querySelectorAll("#stat-responses dd, #stat-visits dd, #stat-completion dd, td.num")].map((cell) => parseNumber(shown(cell)));
  const nLines = [...document.querySelectorAll(".n")].flatMap((line) => (shown(line).match(/\d[\d.]*(,\d+)?/g) ?? []).map(parseNumber));
  return [...cells, ...nLines];
}

beforeAll(async () => {
  api = await startDataApi({ port: 0, dataDir: null, quiet: true });
  await psql(api.dbUrl, [], seedReportSql(survey, { visits: 300, extraResponses: 40, seed: 0.23 }));
  const source = { url: api.url, serviceKey: api.serviceRoleKey };
  const now = new Date("2026-11-24T12:00:00Z");
  const write = async (config: SurveyConfig, language?: string) =>
    openReport(readFileSync((await writeSurveyReport(config, source, { where: {} }, mkdtempSync(join(tmpdir(), "report-language-")), { language, now })).html, "utf8"));
  reports.es = await write(survey, "es");
  reports["pt-BR"] = await write(survey, "pt-BR");
  // The survey files as an editor would change them: one key, checked by validate like every file.
  const surveysDir = mkdtempSync(join(tmpdir(), "report-language-surveys-"));
  cpSync(join(REPO, "surveys"), surveysDir, { recursive: true });
  const file = join(surveysDir, "foreign-form.json");
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), reportLanguage: "en" }));
  const loaded = loadSurveys(surveysDir, join(REPO, "supabase", "migrations"));
  expect(loaded.errors).toEqual([]);
  reports.fileSaysEn = await write(loaded.surveys.find(({ config }) => config.id === "foreign-form")!.config);
}, 180_000);

afterAll(async () => {
  await api?.stop();
});

describe("npm run report -- --language pt-BR on a Spanish survey", () => {
  test("the page is in pt-BR and the survey's own texts inside it keep the survey's language", () => {
    const document = reports["pt-BR"];
    expect(document.documentElement.lang).toBe("pt-BR");
    expect(shown(document.querySelector("h2#summary"))).toBe(REPORT_PRESETS["pt-BR"].sections.summary);
    const genero = questionSection(document, "genero");
    expect(shown(genero.querySelector(`h3 [lang="es"]`))).toBe(survey.questions.find((question) => question.id === "genero")!.title);
    expect(genero.querySelectorAll(`tbody th[lang="es"]`).length).toBeGreaterThan(1);
    expect(shown(document.querySelector("h1 [lang='es']"))).toBe(survey.pageTitle);
  });

  test("no word of the es report preset's own remains outside the survey's texts", () => {
    const [es, pt] = [presetWords(REPORT_PRESETS.es), presetWords(REPORT_PRESETS["pt-BR"])];
    // Words Spanish and Portuguese write alike; a Spanish phrase copied into the pt-BR preset would add to them.
    expect([...es].filter((word) => pt.has(word)).sort()).toEqual(SHARED_WORDS);
    const spanishOnly = [...es].filter((word) => !pt.has(word));
    // The list is long enough to mean something: "respuestas", "visitas que abrieron", "cuartil"…
    expect(spanishOnly.length).toBeGreaterThan(60);
    expect(spanishOnly).toContain("respuestas");
    const ptWords = new Set(ownText(reports["pt-BR"], survey).toLowerCase().match(/\p{L}+/gu));
    expect(spanishOnly.filter((word) => ptWords.has(word))).toEqual([]);
    // The same check finds them in the es report, so it can fail (40 words; more while the report drew Vega charts, whose axes and descriptions had words of their own).
    const esWords = new Set(ownText(reports.es, survey).toLowerCase().match(/\p{L}+/gu));
    expect(spanishOnly.filter((word) => esWords.has(word)).length).toBeGreaterThan(30);
  });

  test("every number is the one the es report shows", () => {
    const [es, pt] = [numbersShown(reports.es), numbersShown(reports["pt-BR"])];
    expect(es.length).toBeGreaterThan(100);
    expect(pt).toEqual(es);
  });

  test("numbers, percentages and dates are written as Portuguese writes them, charts included", () => {
    const document = reports["pt-BR"];
    const [responses, visits] = [parseNumber(statOf(document, "responses")), parseNumber(statOf(document, "visits"))];
    expect(statOf(document, "completion")).toMatch(/^\d+,\d%$/);
    expect(statOf(reports.es, "completion")).toMatch(/^\d+,\d %$/);
    expect(responses).toBeGreaterThan(0);
    expect(visits).toBe(300);
    expect(statOf(document, "first")).toMatch(/^\d+ de [a-z]+\. de 2026, \d\d:\d\d UTC$/);
    const funnel = document.querySelector("#drop-off ~ figure")!;
    const words = REPORT_PRESETS["pt-BR"].dropOff;
    expect([...funnel.querySelectorAll("thead th")].map(shown)).toEqual([words.step, words.visits, words.shareOfOpened]);
    expect(tableRows(funnel)[0]).toEqual([words.opened, "300", "100,0%"]);
    expect(shown(document.querySelector("#drop-off ~ figure figcaption"))).toBe(`Das 300 visitas que abriram a pesquisa, quantas chegaram a cada pergunta e quantas enviaram suas respostas.`);
  });
});

describe("a survey file with \"reportLanguage\": \"en\"", () => {
  test("gets an English report without --language, with English number formatting", () => {
    const document = reports.fileSaysEn;
    expect(document.documentElement.lang).toBe("en");
    expect([...document.querySelectorAll("h2")].map(shown)).toEqual(["Summary", "Drop-off", "Sources", "Responses per day", "Questions"]);
    const visits = parseNumber(statOf(document, "visits"));
    expect(visits).toBe(300);
    expect(shown(document.querySelector("#biggest-drop"))).toMatch(/^Where most people leave: \d+ visits? reached question \d+\. .+ and went no further\.$/);
    expect(statOf(document, "completion")).toBe(percentText(parseNumber(statOf(reports.es, "completion")) / 100, 1, "en"));
  });
});
