// The results site's themes and "other" coding through PostgREST, with
// tokens as Supabase Auth mints them, on PGlite and PostgreSQL 15:
// medical-form runs as a variant whose minimumGroup is 3, whose
// outrasFormacoes is personal and which protects "Revalida" and "SUS".
// A viewer sees no term held by fewer answers than the minimum group and
// no answer text; a personal text is refused without the grant; keyword
// in context is an analyst's; "other" texts group folded, and 1,000 random
// codings and undos keep the coded total equal to the raw one and equal
// to a model of the log kept here, in the coding's totals and in the
// cross-tab by the coded question.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { teamSurveySql } from "../../scripts/sql/team-survey-sql.ts";
import { RESULTS_REFUSALS } from "../../src/core/results-refusals.ts";
import { refusalText } from "../../src/results/refusal-text.ts";
import { ptBR } from "../../src/results/words/pt-br.ts";
import { shippedSurvey, validRow } from "../support/survey-rows.ts";
import { sendResponse, startResultsApi, TEAM, type ResultsApi } from "../support/results-api.ts";
import { THEMES_REFUSAL_CASES } from "../support/themes-refusals.ts";
import { seeded } from "../support/crosstab-recount.ts";
import { parse } from "csv-parse/sync";
import { csvPages, type Cursor, type RowsPage } from "../../src/results/export/csv-pages.ts";
import { API_BACKENDS } from "../support/fixture-api.ts";

const base = shippedSurvey("medical-form");
const VARIANT = {
  ...base, minimumGroup: 3, protectedTerms: ["Revalida", "SUS"],
  questions: base.questions.map((question) => (question.id === "outrasFormacoes" ? { ...question, personal: true } : question)),
};
const DREAMS = [
  "Aprobar el Revalida este año", "Passar no Revalida", "Revalida y después cardiología", "Quiero revalidar mi título", "La revalidación del diploma",
  "Ser cardiólogo", "Cardiología en São Paulo", "Trabajar en el SUS", "Ser pediatra", "Tener mi consultorio",
];
const OTHERS = ["No binario", "no binario", "No-binario ", "NO BINÁRIO", "Queer", "queer", "Agénero", "prefiero describirme"];

describe.each(API_BACKENDS)("themes through PostgREST on %s", { timeout: 300_000 }, (backend) => {
  let results: ResultsApi;
  beforeAll(async () => {
    results = await startResultsApi(backend, [teamSurveySql(VARIANT).join("\n\n")]);
    for (let i = 0; i < DREAMS.length; i++) {
      await sendResponse(results.api, base.table, {
        ...validRow(base), sonho_carreira: DREAMS[i], outras_formacoes: "Maestría en salud pública", utm_source: i < 5 ? "instagram" : "youtube",
        ...(i < OTHERS.length ? { genero: "Otro", genero_outro: OTHERS[i] } : { genero: "Mujer", genero_outro: null }),
      });
    }
  }, 300_000);
  afterAll(() => results?.stop());

  const rpc = async (who: string, name: string, args: object) => {
    const response = await fetch(`${results.api.restUrl}/rpc/${name}`, {
      method: "POST",
      headers: { apikey: results.api.anonKey, authorization: `Bearer ${localAccessToken(who)}`, "content-type": "application/json" },
      body: JSON.stringify(args),
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text || "null") };
  };
  const themes = (who: string, field: string, filters: object = {}) => rpc(who, "results_themes", { survey: base.id, field, filters });

  test("an analyst's terms: stems and the protected terms apart, counted by answers", async () => {
    const { status, body } = await themes(TEAM.analyst.email, "sonhoCarreira");
    expect(status, JSON.stringify(body)).toBe(200);
    const terms = Object.fromEntries((body.terms as { term: string; answers: number; label: string }[]).map((term) => [term.term, term]));
    expect(terms.revalida).toMatchObject({ answers: 3, label: "Revalida", protected: true });
    expect(terms.revalid).toMatchObject({ answers: 2 });
    expect(terms.cardiolog).toMatchObject({ answers: 3 });
    expect(terms.sus).toMatchObject({ answers: 1, label: "SUS" });
    expect(body.answers).toBe(DREAMS.length + 3);
  });

  test("a viewer sees no term of fewer answers than the minimum group, and of a text answered less only that", async () => {
    const analyst = (await themes(TEAM.analyst.email, "sonhoCarreira")).body as { terms: { answers: number }[] };
    const viewer = (await themes(TEAM.viewer.email, "sonhoCarreira")).body as { terms: { answers: number }[]; hidden: number };
    expect(viewer.hidden).toBe(3);
    expect(viewer.terms).toEqual(analyst.terms.filter((term) => term.answers >= 3));
    expect(viewer.terms.length).toBeGreaterThan(0);
    const small = (await themes(TEAM.viewer.email, "sonhoCarreira", { hidden: { utm_source: "nobody" } })).body;
    const { updatedAt, ...rest } = small;
    expect([typeof updatedAt, rest]).toEqual(["string", { belowMinimumGroup: 3, role: "viewer", personal: false, field: "sonhoCarreira" }]);
  });

  test("a personal question's texts are themed only with the grant, for every role and every function", async () => {
    for (const who of [TEAM.viewer.email, TEAM.analyst.email, TEAM.owner.email]) {
      for (const field of ["outrasFormacoes", "nomeCompleto"]) {
        const refused = await themes(who, field);
        expect([who, field, refused.status, refused.body.details]).toEqual([who, field, 403, "results/personalText"]);
      }
    }
    expect((await rpc(TEAM.analyst.email, "results_theme_answers", { survey: base.id, field: "outrasFormacoes", term: "maestr" })).status).toBe(403);
    expect((await rpc(TEAM.analyst.email, "results_theme_contrast", { survey: base.id, field: "outrasFormacoes", group_filters: { hidden: { utm_source: "instagram" } } })).status).toBe(403);
    const granted = await themes(TEAM.personal.email, "outrasFormacoes");
    expect(granted.status).toBe(200);
    expect(granted.body.terms[0]).toMatchObject({ answers: DREAMS.length });
  });

  test("keyword in context is an analyst's: the answers of a term, newest first, by keyset, with the words to mark", async () => {
    expect((await rpc(TEAM.viewer.email, "results_theme_answers", { survey: base.id, field: "sonhoCarreira", term: "revalid" })).body.details).toBe("results/roleTooLow");
    const first = await rpc(TEAM.analyst.email, "results_theme_answers", { survey: base.id, field: "sonhoCarreira", term: "revalida", page_size: 2 });
    expect(first.status, first.text).toBe(200);
    expect(first.body.rows).toHaveLength(2);
    expect(first.body.rows[0].words).toEqual(["Revalida"]);
    const second = await rpc(TEAM.analyst.email, "results_theme_answers", { survey: base.id, field: "sonhoCarreira", term: "revalida", page_size: 2, after_at: first.body.next.at, after_id: first.body.next.id });
    const texts = [...first.body.rows, ...second.body.rows].map((row: { text: string }) => row.text);
    expect(texts.sort()).toEqual(["Aprobar el Revalida este año", "Passar no Revalida", "Revalida y después cardiología"]);
    expect(second.body.next).toBeNull();
  });

  test("distinguishing terms of a group against the rest; a viewer's only on both sides of the minimum group", async () => {
    const args = { survey: base.id, field: "sonhoCarreira", group_filters: { hidden: { utm_source: "instagram" } } };
    const analyst = await rpc(TEAM.analyst.email, "results_theme_contrast", args);
    expect(analyst.status, analyst.text).toBe(200);
    expect([analyst.body.groupAnswers, analyst.body.restAnswers]).toEqual([5, 8]);
    expect(analyst.body.terms[0].term).toBe("revalida");
    const viewer = await rpc(TEAM.viewer.email, "results_theme_contrast", args);
    for (const term of viewer.body.terms) expect(Math.min(term.groupAnswers, term.restAnswers)).toBeGreaterThanOrEqual(3);
    expect(viewer.body.terms.length).toBeLessThan(analyst.body.terms.length);
  });

  test("each refusal of the themes reaches the site with its key, and the site says it in Portuguese", async () => {
    for (const [refusal, role, name, args] of THEMES_REFUSAL_CASES) {
      const { status, body } = await rpc(TEAM[role].email, name, { survey: base.id, ...args });
      expect([refusal, status, body.code, body.details]).toEqual([refusal, RESULTS_REFUSALS[refusal] === "42501" ? 403 : 400, RESULTS_REFUSALS[refusal], `results/${refusal}`]);
      expect(refusalText(ptBR, body)).toBe(ptBR.refusals.known[refusal]);
    }
  });

  test("other texts group folded; 1,000 random codings and undos keep coded = raw, as a model of the log says", async () => {
    const texts = async () => {
      const { status, body, text } = await rpc(TEAM.analyst.email, "results_other_texts", { survey: base.id, field: "generoOutro" });
      expect(status, text).toBe(200);
      return body as { texts: { key: string; answers: number; sample: string; code: string | null; codedBy: string | null }[]; rawTotal: number; codedTotal: number; coded: Record<string, number>; values: Record<string, number>; codedValues: Record<string, number> };
    };
    const start = await texts();
    expect(start.texts.map(({ key, answers }) => [key, answers])).toEqual([["no binario", 4], ["queer", 2], ["agenero", 1], ["prefiero describirme", 1]]);
    expect([start.rawTotal, start.values.Otro]).toEqual([8, 8]);
    expect((await rpc(TEAM.viewer.email, "results_code_other", { survey: base.id, field: "generoOutro", text_key: "queer", code: "Queer" })).body.details).toBe("results/roleTooLow");
    const keys = start.texts.map((text) => text.key);
    const sizes = Object.fromEntries(start.texts.map((text) => [text.key, text.answers]));
    const codes = ["Mujer", "Hombre", "No binario", "Queer", null];
    const log = new Map<string, (string | null)[]>(keys.map((key) => [key, []]));
    const random = seeded(56);
    const check = async () => {
      const now = await texts();
      const model = Object.fromEntries(keys.map((key) => [key, log.get(key)!.at(-1) ?? null]));
      expect(Object.fromEntries(now.texts.map((text) => [text.key, text.code]))).toEqual(model);
      expect(now.codedTotal).toBe(now.rawTotal);
      expect(Object.values(now.coded).reduce((a, b) => a + b, 0)).toBe(now.rawTotal);
      expect(Object.values(now.codedValues).reduce((a, b) => a + b, 0)).toBe(Object.values(now.values).reduce((a, b) => a + b, 0));
      const expected: Record<string, number> = { ...now.values };
      for (const key of keys) {
        const code = model[key];
        if (code == null) continue;
        expected.Otro! -= sizes[key]!;
        expected[code] = (expected[code] ?? 0) + sizes[key]!;
      }
      expect(now.codedValues).toEqual(Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0)));
      // The cross-tab by the coded question counts as the coding says, and by the question itself as the respondents answered.
      expect(await crosstabRows("genero/coded")).toEqual(now.codedValues);
      expect(await crosstabRows("genero")).toEqual(now.values);
    };
    const crosstabRows = async (rows: string) => {
      const { status, body, text } = await rpc(TEAM.analyst.email, "results_crosstab", { survey: base.id, row_axis: rows, column_axis: "~month" });
      expect(status, text).toBe(200);
      return (body as { rowBases: Record<string, number> }).rowBases;
    };
    for (let step = 1; step <= 1000; step++) {
      const key = keys[Math.floor(random() * keys.length)]!;
      if (random() < 0.35) {
        const answer = await rpc(TEAM.analyst.email, "results_undo_other", { survey: base.id, field: "generoOutro", text_key: key });
        expect(answer.status, answer.text).toBe(200);
        log.get(key)!.pop();
      } else {
        const code = codes[Math.floor(random() * codes.length)]!;
        const answer = await rpc(TEAM.analyst.email, "results_code_other", { survey: base.id, field: "generoOutro", text_key: key.toUpperCase(), code });
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body).toMatchObject({ key, code, codedBy: TEAM.analyst.email });
        log.get(key)!.push(code);
      }
      if (step % 100 === 0) await check();
    }
    // The export: each row's code beside its other text, the database's; the CSV's two columns say the same.
    expect((await rpc(TEAM.analyst.email, "results_code_other", { survey: base.id, field: "generoOutro", text_key: "Queer", code: "Queer" })).status).toBe(200);
    log.get("queer")!.push("Queer");
    const page = async (after: Cursor | null) => (await rpc(TEAM.analyst.email, "results_responses", { survey: base.id, after_at: after?.at ?? null, after_id: after?.id ?? null, page_size: 5 })).body as RowsPage;
    const model = Object.fromEntries(keys.map((key) => [key, log.get(key)!.at(-1) ?? null]));
    let text = "";
    for await (const chunk of csvPages(VARIANT, page)) text += chunk.text;
    const [header, ...lines] = parse(text.replace("\uFEFF", "")) as string[][];
    const [raw, coded] = [header!.indexOf("genero_outro"), header!.indexOf("genero_outro/coded")];
    expect(coded).toBe(raw + 1);
    expect(lines).toHaveLength(DREAMS.length + 3);
    for (const line of lines) {
      const key = line[raw]!.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
      expect([line[raw], line[coded]]).toEqual([line[raw], line[raw] ? (model[key] ?? "") : ""]);
    }
    expect(lines.filter((line) => line[coded] !== "").length).toBeGreaterThanOrEqual(2);
  });
});
