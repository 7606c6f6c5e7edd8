// What the results site draws from numbers the database withheld (the
// personal-choice test survey, scripts/sql/results-functions-sql.ts): a
// personal choice question seen without the grant says it is restricted
// instead of drawing every option at 0 and 0,0 %; a viewer's view below
// minimumGroup (the database sends no number of it) says only why; the days
// are named by the survey's zone; the export without the grant has no
// personal headers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { formatters } from "../../src/report/format.ts";
import { ReportSections } from "../../src/report/sections/report-sections.tsx";
import { reportNumbersOf, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import { reportZone } from "../../src/report/time-zone.ts";
import { csvPages, type RowsPage } from "../../src/results/export/csv-pages.ts";
import { WithheldNumbers } from "../../src/results/withheld.tsx";
import { ptBR } from "../../src/results/words/pt-br.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { validRow } from "../../scripts/lib/sample-response.ts";

const config = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/surveys/personal-choice/personal-choice.json"), "utf8")) as SurveyConfig;
const f = formatters("pt-BR", config.language, reportZone(config));

/** What results_numbers sends a member without the grant: religião's n alone, and that it is restricted. */
const sql = (extra: Partial<SqlNumbers> = {}): SqlNumbers => ({
  responses: {
    responses: 361, first: "2026-03-02T12:00:00Z", last: "2026-03-04T12:00:00Z", counted: 361,
    questions: { religiao: { n: 361 }, pais: { n: 361, others: 0 }, nota: { n: 361, notNumbers: 0, mean: 4, min: 1, max: 5, quartiles: [3, 4, 5] } },
    counts: { "pais\u001fArgentina": 300, "pais\u001fCuba": 61, "nota\u001f4": 361, "~day\u001f2026-03-02": 361 },
    texts: {},
  },
  visits: { visits: 0, submitted: 0, reached: {}, medianSeconds: null, sources: {} },
  path: "tallies",
  restricted: ["religiao"],
  ...extra,
});
const html = (numbers: SqlNumbers) => renderToStaticMarkup(createElement(ReportSections, { numbers: reportNumbersOf(config, numbers), f, filtered: false }));
const questionHtml = (page: string, id: string) => page.slice(page.indexOf(`data-question="${id}"`), page.indexOf("</section>", page.indexOf(`data-question="${id}"`)));

describe("numbers the database withheld", () => {
  test("a personal choice question without the grant: how many answered, and that its answers are restricted, not every option at 0", () => {
    const religiao = questionHtml(html(sql()), "religiao");
    expect(religiao).toContain("n = 361 responderam");
    expect(religiao).toContain("Dados pessoais: as respostas desta pergunta aparecem só para quem tem a permissão de dados pessoais.");
    expect(religiao).not.toMatch(/[^\d]0,0\s?%/);
    expect(religiao).not.toContain("<table");
    expect(religiao).not.toContain("Católica");
    // The other choice question is drawn as ever.
    expect(questionHtml(html(sql()), "pais")).toContain("Argentina");
  });

  test("a viewer's view below minimumGroup: no section of numbers, only why, in the team's words", () => {
    const page = renderToStaticMarkup(createElement(WithheldNumbers, { minimum: 3, words: ptBR }));
    expect(page).toContain("Recorte pequeno demais");
    expect(page).toContain("Este recorte tem menos de 3 respostas.");
    expect(page).not.toContain("data-question=");
  });

  test("the days are named by the survey's zone, the one they are counted in", () => {
    const page = html(sql());
    expect(page).toContain("Dia (America/Sao_Paulo)");
    expect(page).toContain("Respostas recebidas a cada dia (America/Sao_Paulo).");
    expect(page).not.toContain("(UTC)");
  });

  test("the export without the grant has no personal columns, headers included; with it, all of them", async () => {
    const row: Record<string, unknown> & { id: string; created_at: string } = { ...validRow(config), id: "00000000-0000-4000-8000-000000000001", created_at: "2026-03-02T12:00:00Z" };
    const exported = async (personal: boolean) => {
      let text = "";
      const { religiao, ...withoutPersonal } = row;
      const page: RowsPage = { rows: [personal ? { ...row, religiao } : withoutPersonal], next: null, personal };
      for await (const chunk of csvPages(config, async () => page)) text += chunk.text;
      return text.replace("\uFEFF", "").trim().split("\n").map((line) => line.split(","));
    };
    const [header, cells] = await exported(false);
    expect(header).not.toContain("religiao");
    expect(header).toContain("pais");
    expect(cells).toHaveLength(header!.length);
    expect((await exported(true))[0]).toContain("religiao");
  });
});
