/**
 * A plain recount of segments side by side, for tests/integration/segment-recount:
 * for every axis and segment, one count(*) FILTER per cell and base, each
 * segment's predicate written from its filters' meaning (since, until,
 * column = value) and each key's from crosstab-recount.ts, the bins cut at
 * the quartiles of all the rows read (as the cross-tab cuts them).
 */
import type { CrosstabAxis } from "../../src/report/crosstab/axes.ts";
import { edgesOf, keysOf, predicate, whereOf, type Request } from "./crosstab-recount.ts";
import type { SqlBackend } from "./sql-backends.ts";

export interface Segment { key: string; since: string | null; until: string | null; filters: Record<string, string> }

export interface SegmentQuestion {
  total: number;
  cells: [string, string, number][];
  rowBases: Record<string, number>;
  columnBases: Record<string, number>;
}

export interface SegmentColumns { total: number; sizes: Record<string, number>; overlap: boolean; questions: Record<string, SegmentQuestion & { rowEdges: number[] | null }> }

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function recountSegments(db: SqlBackend, request: Request, axes: CrosstabAxis[], segments: Segment[]): Promise<Omit<SegmentColumns, "questions"> & { questions: Record<string, SegmentQuestion> }> {
  const inSegment = (segment: Segment) => `(${whereOf({ ...request, since: segment.since, until: segment.until, filters: segment.filters })})`;
  const anySegment = `(${segments.map(inSegment).join(" or ")})`;
  const from = `from public.${ident(request.table)} t where ${whereOf(request)}`;
  const count = async (predicates: string[]) => {
    if (predicates.length === 0) return [];
    const [row] = await db.query<{ n: number[] }>(`select array[${predicates.map((p) => `count(*) filter (where ${p})`).join(", ")}]::int[] as n ${from}`);
    return row!.n;
  };
  const [total, ...sizeList] = await count([anySegment, ...segments.map(inSegment)]);
  const sizes = Object.fromEntries(segments.map((segment, at) => [segment.key, sizeList[at]!]).filter(([, n]) => n !== 0));
  const questions: Record<string, SegmentQuestion> = {};
  for (const axis of axes) {
    const edges = await edgesOf(db, request, axis);
    const keys = (await keysOf(db, request, axis, edges)).filter((key) => key !== "");
    const p = (key: string) => `(${predicate(axis, key, edges, request.dayZone)})`;
    const anyKey = keys.length ? `(${keys.map(p).join(" or ")})` : "false";
    const n = await count([
      `${anyKey} and ${anySegment}`,
      ...keys.flatMap((key) => segments.map((segment) => `${p(key)} and ${inSegment(segment)}`)),
      ...keys.map((key) => `${p(key)} and ${anySegment}`),
      ...segments.map((segment) => `${anyKey} and ${inSegment(segment)}`),
    ]);
    let at = 1;
    const cells: [string, string, number][] = [];
    for (const key of keys) for (const segment of segments) cells.push([key, segment.key, n[at++]!]);
    const rowBases = Object.fromEntries(keys.map((key) => [key, n[at++]!]).filter(([, c]) => c !== 0));
    const columnBases = Object.fromEntries(segments.map((segment) => [segment.key, n[at++]!]).filter(([, c]) => c !== 0));
    const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    questions[axis.id] = { total: n[0]!, cells: cells.filter(([, , c]) => c > 0).sort((a, b) => byKey(a[0], b[0]) || byKey(a[1], b[1])), rowBases, columnBases };
  }
  return { total: total!, sizes, overlap: sizeList.reduce((sum, n) => sum + n, 0) > total!, questions };
}
