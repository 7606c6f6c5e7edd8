/**
 * The bench's figures on the documentation page that shows them,
 * docs/developers/bench.md, so that what a reader finds there is what the last
 * run measured, never a copy made by hand. Each command replaces only its own
 * block, between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->`; the
 * prose around the blocks (what changed between runs, and why) is the team's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { table, type Figure } from "./report.ts";

export const BENCH_PAGE = fileURLToPath(new URL("../../docs/developers/bench.md", import.meta.url));

/** The blocks of the page: `npm run bench`, `npm run bench:report` on each database, `npm run bench:results`. */
export type BenchBlock = "app" | "report-postgresql" | "report-pglite" | "results-postgresql";

export const BENCH_BLOCKS: readonly BenchBlock[] = ["app", "report-postgresql", "report-pglite", "results-postgresql"];

/** `page` with the content of block `name` replaced by `content`, every other byte as it was. */
export function replaceBlock(page: string, name: BenchBlock, content: string): string {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the bench page has no block ${start} … ${end}; put the two markers back where these figures go`);
  return `${page.slice(0, from + start.length)}\n${content.trim()}\n${page.slice(to)}`;
}

export interface RunFacts {
  command: string;
  /** ISO time of the run. */
  generatedAt: string;
  durationSeconds?: number;
  cpus: number;
  loadAverageStart: number[];
  loadAverageEnd: number[];
}

const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");

/**
 * One run's figures as the page shows them: a line saying when and on what
 * load it ran and whether every budget was met, then the table. The chunks by
 * file name are left out (their names change with every build; the run's
 * bench/results.json lists them).
 */
export function figuresBlock(run: RunFacts, figures: Figure[]): string {
  const shown = figures.filter((figure) => !/^(firstLoadChunk|lazyChunk) /.test(figure.id));
  const failed = figures.filter((figure) => figure.pass === false);
  const verdict = failed.length === 0 ? "every budget met" : `${failed.length} budget(s) failed: ${failed.map((figure) => figure.label.trim()).join("; ")}`;
  const facts = [
    run.durationSeconds === undefined ? "" : `${run.durationSeconds} s`,
    `${run.cpus} CPUs`,
    `load average ${load(run.loadAverageStart)} at the start, ${load(run.loadAverageEnd)} at the end`,
  ].filter(Boolean);
  const when = `${run.generatedAt.slice(0, 16).replace("T", " ")} UTC`;
  return `\`${run.command}\` on ${when} (${facts.join(", ")}): ${verdict}.\n\n${table(shown)}`;
}

/** Writes one block of the bench page; the rest of the page keeps its bytes. */
export function writeBenchBlock(name: BenchBlock, content: string, file = BENCH_PAGE): void {
  writeFileSync(file, replaceBlock(readFileSync(file, "utf8"), name, content));
}
