// Every cross-tab cell, base and total of report.crosstab equals a plain
// recount on the same random data: for random pairs of the random survey's
// axes (every kind: one value, several, NPS bands, bins of a typed and of a
// stored number, matrix rows, a hidden field, language, ending, week and
// month in a zone that is not UTC) under random filters, and where a
// shuffled question's answer stood in the list each respondent saw (the
// position axis, on a shown order added to the rows), one count(*)
// FILTER per cell whose predicate is written here from the axis's meaning,
// the quartile edges computed here as percentile_cont defines them. On
// PGlite and PostgreSQL 15. CROSSTAB_PAIRS sets how many pairs (40 each).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { crosstabAxes, type CrosstabAxis } from "../../src/report/crosstab/axes.ts";
import { numbersRequest, type ReadFilters } from "../../src/report/sql-numbers.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { randomResults, randomReportSql, RANDOM_SURVEY } from "../support/random-results.ts";
import { type Crosstab, recount, seeded } from "../support/crosstab-recount.ts";

const SURVEY = { ...RANDOM_SURVEY, timeZone: "America/Sao_Paulo" };
const AXES = crosstabAxes(SURVEY);
const PAIRS = Number(process.env.CROSSTAB_PAIRS ?? 40);

describe.each(BACKENDS)("report.crosstab on %s", { timeout: 120_000 }, (_name, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    // The themes' functions too: a coded axis folds its texts as the coding does (report.fold_answer).
    for (const sql of randomReportSql({ tallies: false })) await db.migrate(sql);
    await randomResults(db, 20261201);
  }, 120_000);
  afterAll(() => db?.close());

  const crosstab = async (request: object, rows: CrosstabAxis, columns: CrosstabAxis) =>
    ((await db.query<{ t: Crosstab }>("select report.crosstab($1::jsonb, $2::jsonb, $3::jsonb) as t", [JSON.stringify(request), JSON.stringify(rows), JSON.stringify(columns)]))[0]!.t);

  test("the axes cover every kind the survey has", () => {
    expect(new Set(AXES.map((axis) => axis.kind))).toEqual(new Set(["one", "many", "coded", "nps", "bins", "matrix", "week", "month"]));
    expect(AXES.filter((axis) => axis.kind === "bins").map((axis) => axis.kind === "bins" && axis.number)).toEqual(["typed", "stored"]);
  });

  test(`${PAIRS} random pairs under random filters: every cell, base and total is the recount's`, async () => {
    const random = seeded(55);
    let cells = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const rows = AXES[Math.floor(random() * AXES.length)]!;
      const columns = AXES[Math.floor(random() * AXES.length)]!;
      const choice = Math.floor(random() * 4);
      const filters: ReadFilters = { ...(choice === 1 && { since: "2026-11-03T10:00:00Z" }), where: choice === 2 ? { utm_source: "instagram" } : {} };
      const request = { ...numbersRequest(SURVEY, filters, "America/Sao_Paulo"), until: choice === 3 ? "2026-11-08T00:00:00-03:00" : null };
      const got = await crosstab(request, rows, columns);
      const expected = await recount(db, request, rows, columns, got);
      expect({ pair: `${rows.id} × ${columns.id}`, ...got, rowEdges: undefined, columnEdges: undefined }).toEqual({ pair: `${rows.id} × ${columns.id}`, ...expected, rowEdges: undefined, columnEdges: undefined });
      cells += got.cells.length;
    }
    expect(cells).toBeGreaterThan(PAIRS * 3);
  });

  test("a coded axis: an 'other' option, or a multiple choice's extra text, counted under the code of its folded text", async () => {
    const request = numbersRequest(SURVEY, { where: {} }, "America/Sao_Paulo");
    const month = AXES.find((axis) => axis.id === "~month")!;
    const rows = await db.query<{ canal: string | null; canal_key: string | null; redes: string[] | null; redes_key: string | null }>(
      "select canal, report.fold_answer(canal_otro) as canal_key, redes, report.fold_answer(redes_otras) as redes_key from public.rnd");
    const keysOf = (key: "canal_key" | "redes_key") => [...new Set(rows.map((row) => row[key]).filter((text): text is string => !!text))].sort();
    for (const [id, key] of [["canal/coded", "canal_key"], ["redes/coded", "redes_key"]] as const) {
      const texts = keysOf(key);
      expect(texts.length, `${id}: the random data has texts to code`).toBeGreaterThanOrEqual(2);
      // One text coded as an option the question has, one as a new code, any other left uncoded.
      const codes: Record<string, string> = { [texts[0]!]: id.startsWith("canal") ? "Instagram" : "TikTok", [texts[1]!]: "Amigos" };
      const axis = { ...AXES.find((each) => each.id === id)!, codes } as unknown as CrosstabAxis;
      const expected: Record<string, number> = {};
      for (const row of rows) {
        const code = row[key] ? codes[row[key]!] : undefined;
        const own = id.startsWith("canal")
          ? [row.canal === "Otro" && code ? code : row.canal]
          : [...(row.redes ?? []), ...(code ? [code] : [])];
        for (const value of new Set(own.filter((value): value is string => !!value))) expected[value] = (expected[value] ?? 0) + 1;
      }
      const got = await crosstab(request, axis, month);
      expect(got.rowBases, id).toEqual(expected);
      expect(got.rowBases.Amigos, `${id}: the new code has its respondents`).toBeGreaterThan(0);
    }
  });

  test("the position axis: where a single and a multiple choice's answers stood in each respondent's shuffled list, as the recount counts it", async () => {
    const request = numbersRequest(SURVEY, { where: {} }, "America/Sao_Paulo");
    const [pais, redes] = [AXES.find((axis) => axis.id === "pais")!, AXES.find((axis) => axis.id === "redes")!];
    const listOf = (axis: CrosstabAxis) => axis.values!.map(({ key }) => key);
    const position = (axis: CrosstabAxis): CrosstabAxis => ({ id: `~position/${axis.id}`, title: axis.title, kind: "position", column: axis.column, shown: "shown_order", question: axis.id, many: axis.kind === "many", values: null, personal: false });
    await db.query("alter table public.rnd add column shown_order jsonb");
    try {
      // Each row's lists in an order of its own (by a hash of its id); a few rows were shown none, and one holds no list at all.
      await db.query(`update public.rnd r set shown_order = jsonb_build_object('options', jsonb_build_object(
          'pais', (select jsonb_agg(v order by md5(r.id::text || v)) from unnest($1::text[]) v),
          'redes', (select jsonb_agg(v order by md5(v || r.id::text)) from unnest($2::text[]) v)))
        where r.id::text > '1'`, [listOf(pais), listOf(redes)]);
      await db.query(`update public.rnd set shown_order = '{"options": {"pais": "Chile", "redes": {}}}' where id = (select id from public.rnd where id::text > '1' order by id limit 1)`);
      for (const question of [pais, redes]) {
        const axis = position(question);
        const got = await crosstab(request, question, axis);
        expect(Object.keys(got.columnBases).length, `${question.id}: answers in several places`).toBeGreaterThan(2);
        expect({ pair: axis.id, ...got, rowEdges: undefined, columnEdges: undefined }).toEqual({ pair: axis.id, ...(await recount(db, request, question, axis, got)), rowEdges: undefined, columnEdges: undefined });
      }
    } finally {
      await db.query("alter table public.rnd drop column shown_order");
    }
  });

  test("a declared cut and an empty view", async () => {
    const edad = { ...AXES.find((axis) => axis.id === "edad")!, bins: [10, 30] } as CrosstabAxis;
    const pais = AXES.find((axis) => axis.id === "pais")!;
    const request = numbersRequest(SURVEY, { where: {} }, "America/Sao_Paulo");
    const got = await crosstab(request, edad, pais);
    expect(got.rowEdges).toEqual([10, 30]);
    expect(Object.keys(got.rowBases).sort()).toEqual(["1", "2", "3"]);
    expect(got).toMatchObject(await recount(db, request, edad, pais, got));
    const none = await crosstab({ ...request, filters: { utm_source: "nobody" } }, edad, pais);
    expect(none).toMatchObject({ total: 0, cells: [], rowBases: {}, columnBases: {}, rowsAnswered: 0 });
  });

  test("a multiple choice holding an option twice counts its respondent once, as a row and as a column", async () => {
    const request = numbersRequest(SURVEY, { where: {} }, "America/Sao_Paulo");
    const [redes, pais] = [AXES.find((axis) => axis.id === "redes")!, AXES.find((axis) => axis.id === "pais")!];
    const [changed] = await db.query<{ id: string }>("update public.rnd set redes = redes || redes[1] where id = (select id from public.rnd where cardinality(redes) = 3 order by id limit 1) returning id::text");
    try {
      expect(changed, "a response with three networks to repeat one of").toBeDefined();
      for (const [rows, columns] of [[redes, pais], [pais, redes], [redes, redes]] as const) {
        const got = await crosstab(request, rows, columns);
        expect({ pair: `${rows.id} × ${columns.id}`, ...got, rowEdges: undefined, columnEdges: undefined }).toEqual({ pair: `${rows.id} × ${columns.id}`, ...(await recount(db, request, rows, columns, got)), rowEdges: undefined, columnEdges: undefined });
      }
    } finally {
      if (changed) await db.query("update public.rnd set redes = redes[1:3] where id = $1::uuid", [changed.id]);
    }
  });
});
