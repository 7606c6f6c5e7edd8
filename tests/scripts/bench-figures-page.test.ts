import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { BENCH_BLOCKS, BENCH_PAGE, figuresBlock, replaceBlock } from "../../scripts/bench/figures-page.ts";
import { withBudget, type Figure } from "../../scripts/bench/report.ts";

const page = [
  "# The bench",
  "",
  "Prose the team wrote.",
  "<!-- bench:app -->",
  "old figures",
  "<!-- /bench:app -->",
  "Notes on the runs.",
  "<!-- bench:report-pglite -->",
  "old report figures",
  "<!-- /bench:report-pglite -->",
  "",
].join("\n");

const run = { command: "npm run bench", generatedAt: "2026-11-25T04:54:24.980Z", durationSeconds: 412, cpus: 2, loadAverageStart: [0.51, 1.42, 3.15], loadAverageEnd: [2.1, 1.85, 2.69] };

describe("the bench's figures on docs/developers/bench.md", () => {
  test("a run replaces its own block and leaves every other byte of the page as it was", () => {
    const updated = replaceBlock(page, "app", "new figures");
    expect(updated).toBe(page.replace("old figures", "new figures"));
    expect(replaceBlock(updated, "app", "new figures")).toBe(updated);
  });

  test("a page without the block's markers is refused, naming them, rather than written somewhere else", () => {
    expect(() => replaceBlock(page, "report-postgresql", "x")).toThrow("<!-- bench:report-postgresql --> … <!-- /bench:report-postgresql -->");
  });

  test("the docs page has every block the bench writes, once each, so a run never fails at its end over a lost marker", () => {
    const text = readFileSync(BENCH_PAGE, "utf8");
    for (const block of BENCH_BLOCKS) {
      expect(text.split(`<!-- bench:${block} -->`).length - 1, block).toBe(1);
      expect(text.split(`<!-- /bench:${block} -->`).length - 1, block).toBe(1);
      expect(() => replaceBlock(text, block, "figures")).not.toThrow();
    }
  });

  test("the block says when and on what load it ran and which budgets failed, with the figures but not the chunks by file name", () => {
    const figures: Figure[] = [
      withBudget({ id: "/ lcp", label: "/ LCP", value: 900, unit: "ms", display: "900 ms" }, "<=", 800, "≤ 800 ms"),
      withBudget({ id: "/ tbt", label: "/ TBT", value: 0, unit: "ms", display: "0 ms" }, "<=", 50, "≤ 50 ms"),
      { id: "lazyChunk assets/input-XWqRwaUH.js", label: "  lazy chunk assets/input-XWqRwaUH.js", value: 1, unit: "bytes", display: "1 B" },
    ];
    const block = figuresBlock(run, figures);
    expect(block.split("\n")[0]).toBe("`npm run bench` on 2026-11-25 04:54 UTC (412 s, 2 CPUs, load average 0.51 1.42 3.15 at the start, 2.10 1.85 2.69 at the end): 1 budget(s) failed: / LCP.");
    expect(block).toMatch(/\| \/ LCP +\| 900 ms +\| ≤ 800 ms +\| FAIL +\|/);
    expect(block).toMatch(/\| \/ TBT +\| 0 ms +\| ≤ 50 ms +\| PASS +\|/);
    expect(block).not.toContain("input-XWqRwaUH");
    expect(figuresBlock(run, figures.slice(1))).toContain("every budget met.");
  });
});
