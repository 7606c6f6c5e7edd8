// Segments side by side (report.segment_columns) equal a plain recount on
// the same random data: random sets of one to four segments (each a random
// combination of the filters: a hidden field, an answer, a language, a date
// range; overlapping or not) under random page filters, every question's
// cells and bases per segment, each segment's size, the total and whether
// they overlap, one count(*) FILTER each (tests/support/segment-recount.ts).
// On PGlite and PostgreSQL 15. SEGMENT_SETS sets how many sets (12 each).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { crosstabAxes } from "../../src/report/crosstab/axes.ts";
import { numbersRequest, type ReadFilters } from "../../src/report/sql-numbers.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { randomResults, randomReportSql, RANDOM_SURVEY } from "../support/random-results.ts";
import { seeded } from "../support/crosstab-recount.ts";
import { recountSegments, type Segment, type SegmentColumns } from "../support/segment-recount.ts";

const SURVEY = { ...RANDOM_SURVEY, timeZone: "America/Sao_Paulo" };
const QUESTIONS = crosstabAxes(SURVEY).filter((axis) => !axis.id.startsWith("~"));
const SETS = Number(process.env.SEGMENT_SETS ?? 12);

const POOL: Omit<Segment, "key">[] = [
  { since: null, until: null, filters: {} },
  { since: null, until: null, filters: { utm_source: "instagram" } },
  { since: null, until: null, filters: { pais: "Argentina" } },
  { since: null, until: null, filters: { pais: "Chile", language: "es" } },
  { since: "2026-11-05T03:00:00Z", until: null, filters: {} },
  { since: null, until: "2026-11-06T03:00:00Z", filters: { canal: "WA" } },
  { since: "2026-11-03T03:00:00Z", until: "2026-11-08T03:00:00Z", filters: { language: "pt-BR" } },
  { since: null, until: null, filters: { pais: "nobody" } },
];

const sorted = (cells: [string, string, number][]) => [...cells].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));

describe.each(BACKENDS)("report.segment_columns on %s", { timeout: 180_000 }, (_name, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    for (const sql of randomReportSql({ tallies: false })) await db.migrate(sql);
    await randomResults(db, 20261202);
  }, 120_000);
  afterAll(() => db?.close());

  const columns = async (request: object, segments: Segment[]) =>
    (await db.query<{ t: SegmentColumns }>("select report.segment_columns($1::jsonb, $2::jsonb, $3::jsonb) as t", [JSON.stringify(request), JSON.stringify(QUESTIONS), JSON.stringify(segments)]))[0]!.t;

  test(`${SETS} random sets of segments under random filters: every cell, base, size and total is the recount's`, async () => {
    const random = seeded(5502);
    let cells = 0;
    let overlapping = 0;
    for (let set = 0; set < SETS; set++) {
      const count = 1 + Math.floor(random() * 4);
      const picked = [...POOL].sort(() => random() - 0.5).slice(0, count);
      const segments = picked.map((segment, at) => ({ ...segment, key: `s${at + 1}` }));
      const choice = Math.floor(random() * 3);
      const filters: ReadFilters = { ...(choice === 1 && { since: "2026-11-03T10:00:00Z" }), where: choice === 2 ? { utm_source: "instagram" } : {} };
      const request = numbersRequest(SURVEY, filters, "America/Sao_Paulo");
      const got = await columns(request, segments);
      const expected = await recountSegments(db, request, QUESTIONS, segments);
      expect([got.total, got.sizes, got.overlap]).toEqual([expected.total, expected.sizes, expected.overlap]);
      expect(Object.keys(got.questions).sort()).toEqual(QUESTIONS.map((axis) => axis.id).sort());
      for (const axis of QUESTIONS) {
        const mine = got.questions[axis.id]!;
        const theirs = expected.questions[axis.id]!;
        expect({ set, axis: axis.id, total: mine.total, cells: sorted(mine.cells), rowBases: mine.rowBases, columnBases: mine.columnBases })
          .toEqual({ set, axis: axis.id, total: theirs.total, cells: sorted(theirs.cells), rowBases: theirs.rowBases, columnBases: theirs.columnBases });
        cells += mine.cells.length;
      }
      if (got.overlap) overlapping++;
    }
    expect(cells).toBeGreaterThan(SETS * 20);
    expect(overlapping).toBeGreaterThan(0);
    expect(overlapping).toBeLessThan(SETS);
  });

  test("a segment nobody is in: no size, no cell, the others counted as ever", async () => {
    const request = numbersRequest(SURVEY, { where: {} }, "America/Sao_Paulo");
    const segments: Segment[] = [{ key: "all", since: null, until: null, filters: {} }, { key: "none", since: null, until: null, filters: { pais: "nobody" } }];
    const got = await columns(request, segments);
    expect(got.sizes.none).toBeUndefined();
    expect(got.sizes.all).toBe(got.total);
    expect(got.overlap).toBe(false);
    expect(Object.values(got.questions).flatMap((q) => q.cells).filter(([, segment]) => segment === "none")).toEqual([]);
  });
});
