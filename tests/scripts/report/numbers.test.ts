import { describe, expect, test } from "vitest";
import { formatters } from "../../../src/report/format.ts";
import { reportHtml } from "../../../scripts/report/html.ts";
import { reportNumbers } from "../../support/report-oracle/numbers.ts";
import { distributionOf } from "../../support/report-oracle/quantiles.ts";
import type { VisitRow } from "../../support/report-oracle/visit-numbers.ts";
import { fixtureSurvey } from "./fixture-survey.ts";

const row = (at: string, values: Record<string, unknown>) => ({ created_at: `2026-11-${at}+00:00`, canal: null, canal_otro: null, redes: [], redes_otras: null, interes: 5, edad: null, sueno: null, utm_source: null, visit_id: null, ...values });
const rows = [
  row("20T10:00:00", { canal: "Instagram", redes: ["TikTok", "YouTube"], interes: 2, edad: "30", sueno: "Ser cirujana", utm_source: "instagram", visit_id: "v1" }),
  row("20T12:00:00", { canal: "WA", redes: ["TikTok"], interes: 8, edad: " 41 ", utm_source: "instagram", visit_id: "v2" }),
  row("22T09:00:00", { canal: "Otro", canal_otro: "<script>alert(1)</script>", redes: ["X"], redes_otras: "Threads", interes: 8, edad: "treinta", sueno: "Abrir mi consultorio" }),
  row("22T09:30:00", { canal: "Instagram", redes: [], interes: 10, edad: "25" }),
];
const visit = (id: string, at: string, reached: string[], submitted: boolean, source?: string): VisitRow => ({
  visit_id: id, started_at: `2026-11-${at}+00:00`, reached, submitted, hidden: source ? { utm_source: source } : {},
});
const all = ["canal", "redes", "interes", "edad", "sueno"];
const visits = [
  visit("v1", "20T09:58:00", all, true, "instagram"),
  // Its 'submitted' event was lost; its response still counts.
  visit("v2", "20T11:59:30", all, false, "instagram"),
  visit("v3", "21T08:00:00", ["canal", "redes"], false, "instagram"),
  visit("v4", "21T08:00:00", ["canal", "redes", "interes"], false),
];
const numbers = reportNumbers(fixtureSurvey, rows, visits);

describe("reportNumbers", () => {
  test("headline: responses, visits, completion, median time to complete, first and last response", () => {
    expect(numbers).toMatchObject({ responses: 4, visits: 4, completionRate: 0.5, medianSecondsToComplete: 75, firstResponse: "2026-11-20T10:00:00+00:00", lastResponse: "2026-11-22T09:30:00+00:00" });
  });

  test("a choice question counts options by value, shows labels, shares of those who answered, and lists 'other' texts", () => {
    const canal = numbers.questions[0]!;
    expect(canal).toMatchObject({ kind: "choice", n: 4, othersLabel: "¿Cuál?" });
    if (canal.kind !== "choice") throw new Error("kind");
    expect(canal.options).toEqual([
      { value: "Instagram", label: "Instagram", count: 2, share: 0.5 },
      { value: "WA", label: "WhatsApp", count: 1, share: 0.25 },
      { value: "Otro", label: "Otro", count: 1, share: 0.25 },
    ]);
    expect(canal.others).toEqual({ newest: [{ text: "<script>alert(1)</script>", at: "2026-11-22T09:00:00+00:00" }], rest: 0 });
  });

  test("a checkbox question counts the respondents choosing each option among those who chose any", () => {
    const redes = numbers.questions[1]!;
    if (redes.kind !== "multiple") throw new Error("kind");
    expect(redes.n).toBe(3);
    expect(redes.options.map(({ label, count, share }) => [label, count, share])).toEqual([["TikTok", 2, 2 / 3], ["YouTube", 1, 1 / 3], ["X", 1, 1 / 3]]);
    expect(redes.others?.newest.map(({ text }) => text)).toEqual(["Threads"]);
  });

  test("a slider gives its distribution, mean, median and quartiles; a number question skips texts that are not numbers", () => {
    const [interes, edad] = [numbers.questions[2]!, numbers.questions[3]!];
    expect(interes).toMatchObject({ kind: "numeric", n: 4, histogram: [{ value: 2, count: 1 }, { value: 8, count: 2 }, { value: 10, count: 1 }], stats: { mean: 7, median: 8, q1: 6.5, q3: 8.5, min: 2, max: 10 } });
    expect(edad).toMatchObject({ kind: "numeric", n: 3, notNumbers: 1, stats: { median: 30, min: 25, max: 41 } });
  });

  test("a text question lists the answers newest first", () => {
    expect(numbers.questions[4]).toMatchObject({ kind: "text", n: 2, texts: { newest: [{ text: "Abrir mi consultorio" }, { text: "Ser cirujana" }], rest: 0 } });
  });

  test("the funnel counts visits reaching each question by id, and names the question after which most stopped", () => {
    expect(numbers.funnel!.map((step) => step.visits)).toEqual([4, 4, 4, 3, 2, 2, 2]);
    expect(numbers.biggestDrop).toEqual({ questionId: "redes", label: "2. ¿Qué redes usas?", position: 2, lost: 1 });
  });

  test("sources: responses and completion per hidden-field value, including none, most responses (then visits) first", () => {
    expect(numbers.sources).toEqual([{ field: "utm_source", rows: [
      { value: "instagram", visits: 3, responses: 2, completionRate: 2 / 3 },
      { value: "", visits: 1, responses: 2, completionRate: 0 },
    ] }]);
  });

  test("responses per day, with the days without any", () => {
    expect(numbers.perDay).toEqual([{ day: "2026-11-20", responses: 2 }, { day: "2026-11-21", responses: 0 }, { day: "2026-11-22", responses: 2 }]);
  });

  test("a survey without visit events has no visits, completion or funnel", () => {
    const off = reportNumbers({ ...fixtureSurvey, visitEvents: false }, rows, []);
    expect(off).toMatchObject({ responses: 4, visits: null, completionRate: null, funnel: null, biggestDrop: null });
  });
});

describe("distributionOf", () => {
  test.each([
    [[[7, 1]], { median: 7, q1: 7, q3: 7 }],
    [[[1, 1], [2, 1], [3, 1], [4, 1]], { median: 2.5, q1: 1.75, q3: 3.25, mean: 2.5 }],
  ] as [number[][], object][])("interpolates like percentile_cont: %j", (counts, expected) => {
    expect(distributionOf(new Map(counts as [number, number][]))).toMatchObject(expected);
  });

  test("is null without values", () => expect(distributionOf(new Map())).toBeNull());
});

describe("the campaign in the report", () => {
  const limited = { ...fixtureSurvey, opensAt: "2026-11-21T00:00:00Z", closesAt: "2026-12-01T00:00:00-03:00", maxResponses: 4 };
  const page = (filters: string[]) => ({ surveyId: "tiny", title: "Tiny", language: "es", generatedAt: "2026-11-23T00:00:00Z", filters, numbers: reportNumbers(limited, rows, visits), charts: { funnel: null, sources: [], perDay: null, questions: [] } });

  test("counts the responses stored since opensAt toward maxResponses", () => {
    expect(reportNumbers(limited, rows, visits).campaign).toEqual({ opensAt: "2026-11-21T00:00:00Z", closesAt: "2026-12-01T00:00:00-03:00", maxResponses: 4, counted: 2 });
    expect(numbers.campaign).toBeNull();
  });

  test("states the window, the limit and how full the survey is; with filters, not how full", () => {
    const campaignLine = (html: string) => html.match(/<p class="meta" id="campaign">([^<]*)<\/p>/)?.[1];
    expect(campaignLine(reportHtml(page([]), formatters("es")))).toBe("Recibe respuestas desde el 21 nov 2026, 0:00 UTC, hasta el 1 dic 2026, 3:00 UTC. Límite: 4 respuestas: 2 recibidas (50,0\u00a0%).");
    expect(campaignLine(reportHtml(page([]), formatters("pt-BR")))).toMatch(/^Recebe respostas desde .+, até .+\. Limite: 4 respostas: 2 recebidas \(50,0\s?%\)\.$/);
    expect(campaignLine(reportHtml(page(["desde 2026-11-22"]), formatters("es")))).toBe("Recibe respuestas desde el 21 nov 2026, 0:00 UTC, hasta el 1 dic 2026, 3:00 UTC. Límite: 4 respuestas.");
  });
});

describe("endings in the report", () => {
  const withEndings = { ...fixtureSurvey, endings: [{ id: "fan", showIf: { question: "interes", atLeast: 8 } }, { id: "other" }] };
  const ended = rows.map((each) => ({ ...each, ending: each.interes >= 8 ? "fan" : "other" }));

  test("counts the responses that reached each ending, in the file's order; none for a survey without endings", () => {
    expect(reportNumbers(withEndings, ended, visits).endings).toEqual([{ id: "fan", responses: 3 }, { id: "other", responses: 1 }]);
    expect(numbers.endings).toBeNull();
  });

  test("shows them in their own section with each one's share of the responses", () => {
    const page = { surveyId: "tiny", title: "Tiny", language: "es", generatedAt: "2026-11-23T00:00:00Z", filters: [], numbers: reportNumbers(withEndings, ended, visits), charts: { funnel: null, sources: [], perDay: null, questions: [] } };
    const html = reportHtml(page, formatters("es"));
    expect(html).toContain('<h2 id="endings">Finales</h2>');
    expect(html).toMatch(/<th scope="row">fan<\/th><td class="num">3<\/td><td class="num">75,0\s?%<\/td>/);
    expect(reportHtml({ ...page, numbers }, formatters("es"))).not.toContain('id="endings"');
  });
});

describe("languages in the report", () => {
  const inThree = { ...fixtureSurvey, languages: ["es", "pt-BR", "en"] };
  const given = rows.map((each, index) => ({ ...each, language: index === 0 ? "en" : "pt-BR" }));

  test("counts every language together, and the responses in each language in the file's order; none for a survey in one language", () => {
    const three = reportNumbers(inThree, given, visits);
    expect(three.languages).toEqual([{ language: "es", responses: 0 }, { language: "pt-BR", responses: 3 }, { language: "en", responses: 1 }]);
    expect(three.questions).toEqual(numbers.questions);
    expect(numbers.languages).toBeNull();
  });

  test("shows them in their own section with each one's share of the responses", () => {
    const page = { surveyId: "tiny", title: "Tiny", language: "es", generatedAt: "2026-11-23T00:00:00Z", filters: [], numbers: reportNumbers(inThree, given, visits), charts: { funnel: null, sources: [], perDay: null, questions: [] } };
    const html = reportHtml(page, formatters("es"));
    expect(html).toContain('<h2 id="languages">Idiomas</h2>');
    expect(html).toMatch(/<th scope="row">pt-BR<\/th><td class="num">3<\/td><td class="num">75,0\s?%<\/td>/);
    expect(reportHtml({ ...page, numbers }, formatters("es"))).not.toContain('id="languages"');
  });
});
