/**
 * A plain recount of a cross-tab, for tests/integration/crosstab-recount:
 * each axis key's predicate written from what the key means (not from the
 * SQL under test), the candidate keys read from the rows, quartile edges as
 * percentile_cont defines them (linear between the nearest ranks), then one
 * count(*) FILTER per cell and base.
 */
import type { CrosstabAxis } from "../../src/report/crosstab/axes.ts";
import type { SqlBackend } from "./sql-backends.ts";

export interface Crosstab {
  total: number; rowsAnswered: number; columnsAnswered: number;
  cells: [string, string, number][]; rowBases: Record<string, number>; columnBases: Record<string, number>;
  rowEdges: number[] | null; columnEdges: number[] | null;
}

export interface Request { table: string; since: string | null; until?: string | null; filters: Record<string, string>; dayZone: string }

/** A small seeded generator (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const whereOf = (request: Request) => [
  "true",
  ...(request.since ? [`created_at >= ${literal(request.since)}::timestamptz`] : []),
  ...(request.until ? [`created_at < ${literal(request.until)}::timestamptz`] : []),
  ...Object.entries(request.filters).map(([column, value]) => `${ident(column)} = ${literal(value)}`),
].join(" and ");

/** A position axis's list as the respondent saw it (a jsonb array, else empty), and "its entry at 1-based place k is an answer". */
const shownList = (axis: Extract<CrosstabAxis, { kind: "position" }>) => `(case when jsonb_typeof(t.${ident(axis.shown)} -> 'options' -> ${literal(axis.question)}) = 'array' then t.${ident(axis.shown)} -> 'options' -> ${literal(axis.question)} else '[]' end)`;
const chosenAt = (axis: Extract<CrosstabAxis, { kind: "position" }>, place: string) =>
  `(${shownList(axis)} ->> (${place} - 1)) ${axis.many ? "= any" : "="} (t.${ident(axis.column)}${axis.many ? "" : "::text"})`;

const numberOf = (axis: CrosstabAxis) => (axis.kind === "bins" && axis.number === "typed" ? `(case when t.${ident(axis.column)} <> '' then report.number_of(t.${ident(axis.column)}) end)` : `t.${ident(axis.column)}::float8`);

/** percentile_cont(p) over sorted values. */
const percentile = (sorted: number[], p: number) => {
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  return low + 1 < sorted.length ? sorted[low]! + (at - low) * (sorted[low + 1]! - sorted[low]!) : sorted[low]!;
};

export async function edgesOf(db: SqlBackend, request: Request, axis: CrosstabAxis): Promise<number[]> {
  if (axis.kind !== "bins") return [];
  if (axis.bins) return [...new Set(axis.bins)].sort((a, b) => a - b);
  const values = (await db.query<{ v: number }>(`select ${numberOf(axis)} as v from public.${ident(request.table)} t where ${whereOf(request)}`)).map(({ v }) => v).filter((v) => v !== null).map(Number).sort((a, b) => a - b);
  return values.length === 0 ? [] : [...new Set([0.25, 0.5, 0.75].map((p) => percentile(values, p)))].sort((a, b) => a - b);
}

export async function keysOf(db: SqlBackend, request: Request, axis: CrosstabAxis, edges: number[]): Promise<string[]> {
  const from = `from (select * from public.${ident(request.table)} t where ${whereOf(request)}) t`;
  const column = `t.${ident(axis.column)}`;
  const distinct = async (sql: string) => (await db.query<{ k: string }>(sql)).map(({ k }) => k);
  switch (axis.kind) {
    // A coded axis asked of report.crosstab without codes (the team's site adds them: tests/integration/results-themes.test.ts) is its choice as it is.
    case "one": return distinct(`select distinct ${column}::text as k ${from} where ${column} is not null`);
    case "many": return distinct(`select distinct e as k ${from} cross join lateral unnest(${column}) e`);
    case "coded": return distinct(axis.many ? `select distinct e as k ${from} cross join lateral unnest(${column}) e` : `select distinct ${column}::text as k ${from} where ${column} is not null`);
    case "matrix": return distinct(`select distinct ${column} ->> ${literal(axis.row)} as k ${from} where ${column} ? ${literal(axis.row)}`);
    case "nps": return ["promoter", "passive", "detractor"];
    case "bins": return edges.length === 0 ? ["1"] : edges.map((_, at) => String(at + 1)).concat(String(edges.length + 1));
    case "week": return distinct(`select distinct (date_trunc('week', t.created_at at time zone ${literal(request.dayZone)}))::date::text as k ${from}`);
    case "month": return distinct(`select distinct to_char(t.created_at at time zone ${literal(request.dayZone)}, 'YYYY-MM') as k ${from}`);
    case "position": return distinct(`select distinct k::text as k ${from} cross join lateral generate_series(1, jsonb_array_length(${shownList(axis)})) k where ${chosenAt(axis, "k")}`);
  }
}

/** The predicate "the row has key `key` on this axis", from the key's meaning. */
export function predicate(axis: CrosstabAxis, key: string, edges: number[], zone: string): string {
  const column = `t.${ident(axis.column)}`;
  const at = (day: string) => `((${literal(day)})::timestamp at time zone ${literal(zone)})`;
  switch (axis.kind) {
    case "one": return key === "" ? "false" : `${column}::text = ${literal(key)}`;
    case "many": return key === "" ? "false" : `${literal(key)} = any(${column})`;
    case "coded": return key === "" ? "false" : axis.many ? `${literal(key)} = any(${column})` : `${column}::text = ${literal(key)}`;
    case "matrix": return key === "" ? "false" : `${column} ->> ${literal(axis.row)} = ${literal(key)}`;
    case "nps": return { promoter: `${column} between 9 and 10`, passive: `${column} between 7 and 8`, detractor: `${column} between 0 and 6` }[key]!;
    case "bins": {
      const i = Number(key);
      return [`${numberOf(axis)} is not null`, ...(i > 1 ? [`${numberOf(axis)} > ${edges[i - 2]}`] : []), ...(i <= edges.length ? [`${numberOf(axis)} <= ${edges[i - 1]}`] : [])].join(" and ");
    }
    case "week": return `t.created_at >= ${at(key)} and t.created_at < ((${literal(key)})::date + 7)::timestamp at time zone ${literal(zone)}`;
    case "month": return `t.created_at >= ${at(`${key}-01`)} and t.created_at < ((${literal(`${key}-01`)})::date + interval '1 month')::timestamp at time zone ${literal(zone)}`;
    case "position": return `coalesce(${chosenAt(axis, key)}, false)`;
  }
}

export async function recount(db: SqlBackend, request: Request, rows: CrosstabAxis, columns: CrosstabAxis, got: Crosstab): Promise<Omit<Crosstab, "rowEdges" | "columnEdges">> {
  const [rowEdges, columnEdges] = [await edgesOf(db, request, rows), await edgesOf(db, request, columns)];
  for (const [mine, theirs] of [[rowEdges, got.rowEdges ?? []], [columnEdges, got.columnEdges ?? []]] as const) {
    if (mine.length !== theirs.length || mine.some((edge, at) => Math.abs(edge - theirs[at]!) > 1e-9)) throw new Error(`edges ${JSON.stringify(theirs)}, recounted ${JSON.stringify(mine)}`);
  }
  const rowKeys = (await keysOf(db, request, rows, rowEdges)).filter((key) => key !== "");
  const columnKeys = (await keysOf(db, request, columns, columnEdges)).filter((key) => key !== "");
  const p = (axis: CrosstabAxis, edges: number[]) => (key: string) => `(${predicate(axis, key, edges, request.dayZone)})`;
  const [pr, pc] = [p(rows, rowEdges), p(columns, columnEdges)];
  const anyRow = rowKeys.length ? rowKeys.map(pr).join(" or ") : "false";
  const anyColumn = columnKeys.length ? columnKeys.map(pc).join(" or ") : "false";
  const counts = [
    `count(*) filter (where (${anyRow}) and (${anyColumn}))`, `count(*) filter (where ${anyRow})`, `count(*) filter (where ${anyColumn})`,
    ...rowKeys.flatMap((r) => columnKeys.map((c) => `count(*) filter (where ${pr(r)} and ${pc(c)})`)),
    ...rowKeys.map((r) => `count(*) filter (where ${pr(r)} and (${anyColumn}))`),
    ...columnKeys.map((c) => `count(*) filter (where (${anyRow}) and ${pc(c)})`),
  ];
  const [row] = await db.query<Record<string, string>>(`select array[${counts.join(", ")}]::int[] as n from public.${ident(request.table)} t where ${whereOf(request)}`);
  const n = (row as unknown as { n: number[] }).n;
  let at = 3;
  const cells: [string, string, number][] = [];
  for (const r of rowKeys) for (const c of columnKeys) cells.push([r, c, n[at++]!]);
  const bases = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, n[at++]!]).filter(([, count]) => count !== 0));
  const rowBases = bases(rowKeys);
  const columnBases = bases(columnKeys);
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    total: n[0]!, rowsAnswered: n[1]!, columnsAnswered: n[2]!,
    cells: cells.filter(([, , count]) => count > 0).sort((a, b) => byKey(a[0], b[0]) || byKey(a[1], b[1])),
    rowBases, columnBases,
  };
}
