/** The benchmark's figures, checked against their budgets, as one Markdown table. */

export type Comparison = "<=" | ">=";

export interface Figure {
  id: string;
  label: string;
  value: number;
  unit: "bytes" | "ms" | "score" | "";
  /** What the table shows in the value column. */
  display: string;
  budget?: { comparison: Comparison; limit: number; display: string };
  /** Undefined for a figure without a budget (shown for information). */
  pass?: boolean;
}

export function check(value: number, comparison: Comparison, limit: number): boolean {
  if (!Number.isFinite(value)) return false;
  return comparison === "<=" ? value <= limit : value >= limit;
}

export function withBudget(figure: Omit<Figure, "budget" | "pass">, comparison: Comparison, limit: number, display: string): Figure {
  return { ...figure, budget: { comparison, limit, display }, pass: check(figure.value, comparison, limit) };
}

export const bytes = (value: number) => `${value.toLocaleString("en-US")} B`;
export const kib = (value: number) => `${(value / 1024).toFixed(1)} KB`;
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString("en-US")} ms` : "n/a");

export function table(figures: Figure[]): string {
  const rows = [
    ["figure", "value", "budget", "result"],
    ...figures.map((figure) => [figure.label, figure.display, figure.budget?.display ?? "–", figure.pass === undefined ? "" : figure.pass ? "PASS" : "FAIL"]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(rows[0]!), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}
