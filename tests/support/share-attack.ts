/**
 * The share links' differencing attack (tests/integration/share-links.test.ts):
 * every view a link allows, each number recounted from the rows, and the
 * seeded random responses it runs on.
 */
import { expect } from "vitest";
import { columnOf, optionValue } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { validRow } from "./survey-rows.ts";

export type Row = Record<string, unknown> & { id: string };
export type Shown = number | null;
export type LinkNumbers = { responses: number; minimumGroup: number; questions: string[]; numbers: Record<string, { kind: string; n: Shown; none: Shown; counts?: Record<string, Shown>; texts?: string[] }> };
export type LinkCrosstab = { cells: [string, string, Shown][]; changed?: boolean; withheldWhole?: boolean };

/** A seeded generator (mulberry32): the same responses every run. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Call = (token: string | null, name: string, args: object) => Promise<{ status: number; text: string; body: unknown }>;

/**
 * Every view a link allows (its numbers, every cross-tab of two of its
 * questions), each number recounted from the rows as a set of respondents:
 * each is its group's true count, none is from 1 to k - 1, no difference of
 * two nested numbers is, and no line (a total and the numbers shown inside it)
 * leaves a remainder that is.
 */
export async function differencingAttack({ call, token, rows, config, shared, backend, k }: { call: Call; token: string; rows: Row[]; config: SurveyConfig; shared: string[]; backend: string; k: number }) {
  const SHARED = shared;
  const question = (id: string) => config.questions.find((q) => q.id === id)!;
  const numbers = await call(null, "results_shared_numbers", { token });
  expect(numbers.status, numbers.text).toBe(200);
  const link = numbers.body as LinkNumbers;
  expect([link.responses, link.minimumGroup]).toEqual([rows.length, k]);
  // Every respondent is a bit: a shown number is the count of a set, recounted from the rows.
  const bit = new Map(rows.map((row, at) => [row.id, 1n << BigInt(at)]));
  const all = rows.reduce((set, row) => set | bit.get(row.id)!, 0n);
  const setOf = (test: (row: Row) => boolean) => rows.reduce((set, row) => (test(row) ? set | bit.get(row.id)! : set), 0n);
  const size = (set: bigint) => set.toString(2).replaceAll("0", "").length;
  const valueOf = (id: string, row: Row) => row[columnOf(question(id))];
  const answered = (id: string, row: Row) => (Array.isArray(valueOf(id, row)) ? (valueOf(id, row) as unknown[]).length > 0 : (valueOf(id, row) ?? "") !== "");
  /** A group an axis key names: a value, "no answer", or every value the numbers withhold together. */
  const group = (id: string, key: string): bigint => {
    const q = link.numbers[id]!;
    if (q.kind === "multiple") return setOf((row) => ((valueOf(id, row) as string[] | null) ?? []).includes(key));
    if (key === "~none") return setOf((row) => !answered(id, row));
    if (key === "~others") {
      const hidden = Object.entries(q.counts!).filter(([, n]) => n === null).map(([value]) => value);
      return setOf((row) => (hidden.includes(String(valueOf(id, row))) || (q.none === null && !answered(id, row))));
    }
    return setOf((row) => valueOf(id, row) === key);
  };

  const shown: { what: string; set: bigint; n: number }[] = [{ what: "responses", set: all, n: link.responses }];
  const lines: { what: string; total: bigint; parts: bigint[] }[] = [];
  for (const id of SHARED) {
    const q = link.numbers[id]!;
    const answers = setOf((row) => answered(id, row));
    if (q.n !== null) shown.push({ what: `${id} n`, set: answers, n: q.n });
    if (q.none !== null) shown.push({ what: `${id} none`, set: all & ~answers, n: q.none });
    const parts: bigint[] = q.none !== null ? [all & ~answers] : [];
    for (const [value, n] of Object.entries(q.counts!)) {
      if (n === null) continue;
      shown.push({ what: `${id}=${value}`, set: group(id, value), n });
      parts.push(group(id, value));
    }
    if (q.kind === "choice") lines.push({ what: id, total: all, parts });
    // What a single choice withholds, together: the responses less every group shown (a cross-tab's "~others").
    const others = Object.values(q.counts!).some((n) => n === null) || q.none === null;
    if (q.kind === "choice" && others) shown.push({ what: `${id} others`, set: group(id, "~others"), n: link.responses - Object.values(q.counts!).reduce<number>((sum, n) => sum + (n ?? 0), 0) - (q.none ?? 0) });
  }
  let withheld = 0;
  for (const [i, p] of SHARED.entries()) {
    for (const q of SHARED.slice(i + 1)) {
      const crosstab = await call(null, "results_shared_crosstab", { token, row_axis: p, column_axis: q });
      expect(crosstab.status, crosstab.text).toBe(200);
      const t = crosstab.body as LinkCrosstab;
      expect(t.changed).toBeUndefined();
      const byRow = new Map<string, bigint[]>();
      const byColumn = new Map<string, bigint[]>();
      for (const [r, c, n] of t.cells) {
        if (n === null) {
          withheld += 1;
          continue;
        }
        const set = group(p, r) & group(q, c);
        shown.push({ what: `${p}=${r} × ${q}=${c}`, set, n });
        byRow.set(r, [...(byRow.get(r) ?? []), set]);
        byColumn.set(c, [...(byColumn.get(c) ?? []), set]);
      }
      // A row of a single choice against a single choice is a line: its group less the cells shown in it. (A multiple choice's rows overlap.)
      if (link.numbers[p]!.kind === "choice" && link.numbers[q]!.kind === "choice") {
        for (const [r, parts] of byRow) lines.push({ what: `${p}=${r} in ${q}`, total: group(p, r), parts });
        for (const [c, parts] of byColumn) lines.push({ what: `${q}=${c} in ${p}`, total: group(q, c), parts });
      }
      if (link.numbers[p]!.kind === "multiple" && link.numbers[q]!.kind === "choice") for (const [r, parts] of byRow) lines.push({ what: `${p}=${r} in ${q}`, total: group(p, r), parts });
      if (link.numbers[p]!.kind === "choice" && link.numbers[q]!.kind === "multiple") for (const [c, parts] of byColumn) lines.push({ what: `${q}=${c} in ${p}`, total: group(q, c), parts });
    }
  }
  const small = (n: number) => n >= 1 && n < k;
  if (process.env.SHARE_FIGURES) console.info(`${backend}: ${shown.length} numbers shown, ${withheld} cross-tab cells and ${Object.values(link.numbers).flatMap((q) => Object.values(q.counts ?? {})).filter((n) => n === null).length} counts withheld, ${lines.length} lines, ${shown.length ** 2} pairs`);
  // Every number is the true count of its group, and none is small.
  expect(shown.filter(({ set, n }) => size(set) !== n).map(({ what }) => what)).toEqual([]);
  expect(shown.filter(({ n }) => small(n)).map(({ what }) => what)).toEqual([]);
  // Of every two numbers, one inside the other: their difference is a group too.
  const differences: string[] = [];
  for (const a of shown) for (const b of shown) if (a !== b && (b.set & ~a.set) === 0n && small(a.n - b.n)) differences.push(`${a.what} − ${b.what} = ${a.n - b.n}`);
  expect(differences).toEqual([]);
  // A line less every number shown inside it: what is withheld there together.
  expect(lines.filter(({ total, parts }) => small(size(total & ~parts.reduce((u, s) => u | s, 0n)))).map(({ what }) => what)).toEqual([]);
  // The data are skewed enough that the rule had work to do.
  expect(withheld + Object.values(link.numbers).flatMap((q) => Object.values(q.counts ?? {})).filter((n) => n === null).length).toBeGreaterThan(0);
  return { withheld, shown: shown.length };
}

/** Responses of the survey with optional questions (tests/fixtures/surveys/share-links): "no answer" is a group of its own in every line. */
export function optionalRows(optional: SurveyConfig, seed: number): Row[] {
  const next = random(seed);
  const options = (id: string) => {
    const q = optional.questions.find((item) => item.id === id)!;
    return ("options" in q ? q.options : []).map((option) => optionValue(option));
  };
  const skewed = (values: string[]) => {
    const weights = values.map((_, i) => 1 / (i + 1) ** 2);
    let x = next() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < values.length; i++) if ((x -= weights[i]!) <= 0) return values[i]!;
    return values[values.length - 1]!;
  };
  return Array.from({ length: 140 }, (_, i) => {
    const row: Row = { ...validRow(optional), created_at: new Date(Date.now() - (3 + (i % 9)) * 86_400_000).toISOString() } as Row;
    row.pais = next() < 0.06 ? null : skewed(options("pais"));
    row.canal = next() < 0.2 ? null : skewed(options("canal"));
    // Nearly every one who answers ticks the first: "answered but did not tick it" is small, "did not tick it" is not.
    const redes = options("redes").filter((_, at) => next() < (at === 0 ? 0.95 : 0.5 / at));
    row.redes = next() < 0.15 || redes.length === 0 ? [] : redes;
    const temas = options("temas").filter((_, at) => next() < 0.9 / (at + 1) ** 0.7);
    row.temas = temas.length ? temas : ["Revalida"];
    row.nombre = null;
    return row;
  });
}

/** A choice question's options but its "other" one. */
function optionsOf(config: SurveyConfig, id: string): string[] {
  const question = config.questions.find((q) => q.id === id)!;
  const other = "other" in question && question.other ? question.other.option : null;
  return ("options" in question ? question.options : []).map((option) => optionValue(option)).filter((value) => value !== other);
}

/**
 * Skewed answers: most respondents in one or two options, a few in the rest
 * (the small groups a link must not show), over the last three weeks; the
 * dream of a career answered by nine in ten.
 */
export function skewedRows(config: SurveyConfig, { choices, multiple, count }: { choices: string[]; multiple: string[]; count: number }, seed: number): Row[] {
  const next = random(seed);
  const column = (id: string) => columnOf(config.questions.find((q) => q.id === id)!);
  const skewed = (values: string[]) => {
    const weights = values.map((_, i) => 1 / (i + 1) ** 2.2);
    let x = next() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < values.length; i++) if ((x -= weights[i]!) <= 0) return values[i]!;
    return values[values.length - 1]!;
  };
  return Array.from({ length: count }, (_, i) => {
    const row: Row = { ...validRow(config), created_at: new Date(Date.now() - (3 + (i % 20)) * 86_400_000).toISOString() } as Row;
    for (const id of choices) row[column(id)] = skewed(optionsOf(config, id));
    for (const id of multiple) {
      const options = optionsOf(config, id);
      const chosen = options.filter((_, at) => next() < 0.7 / (at + 1) ** 1.5);
      row[column(id)] = chosen.length ? chosen : [options[0]!];
    }
    row[column("sonhoCarreira")] = next() < 0.9 ? "Ser cardiologista em São Paulo" : null;
    return row;
  });
}
