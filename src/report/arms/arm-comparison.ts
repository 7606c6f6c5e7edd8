/**
 * A question by A/B arm: its cross-tab against the arm (report.crosstab
 * with the ~arm axis, or results_crosstab for a member), read as each
 * answer's share in every arm and, for every arm after the first (the
 * control, the file's first arm), the difference of its share from the
 * control's with the Wald 95 % confidence interval of a difference of two
 * independent proportions: d ± z·√(p₁(1−p₁)/n₁ + p₂(1−p₂)/n₂), z the normal
 * quantile 0.975. A share's base is the arm's respondents who answered the
 * question. No interval where a count or base is hidden from a viewer or an
 * arm has nobody. Several answers and arms are compared one by one, without
 * adjustment. Pure.
 */
import { ARM_AXIS, crosstabAxes, type CrosstabAxis } from "../crosstab/axes.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { crosstabTable, type CrosstabCounts, type KeyNames } from "../crosstab/table.ts";

/** The standard normal's 0.975 quantile. */
export const Z_95 = 1.959963984540054;

export interface ArmShare { count: number | null; base: number | null; share: number | null }

/** share₁ − share₂ with its Wald 95 % interval. */
export interface Difference { difference: number; low: number; high: number }

export interface ArmRow {
  key: string;
  label: string;
  /** In the order of the comparison's arms. */
  shares: ArmShare[];
  /** For each arm after the control: its share minus the control's (null when a count or base is unknown or zero). */
  differences: (Difference | null)[];
}

export interface ArmComparison {
  /** The arms anyone answered in, the control first. */
  arms: { key: string; base: number | null }[];
  rows: ArmRow[];
}

/** The Wald interval of p₁ − p₂ for x₁ of n₁ against x₂ of n₂; null without both bases. */
export function waldDifference(x1: number, n1: number, x2: number, n2: number): Difference | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const [p1, p2] = [x1 / n1, x2 / n2];
  const margin = Z_95 * Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  const difference = p1 - p2;
  return { difference, low: difference - margin, high: difference + margin };
}

const differenceOf = (arm: ArmShare, control: ArmShare): Difference | null =>
  arm.count === null || arm.base === null || control.count === null || control.base === null ? null : waldDifference(arm.count, arm.base, control.count, control.base);

export function armComparison(question: CrosstabAxis, arms: CrosstabAxis, counts: CrosstabCounts, names: KeyNames): ArmComparison {
  const table = crosstabTable(question, arms, counts, names);
  return {
    arms: table.columns.map(({ key, base }) => ({ key, base })),
    rows: table.rows.map((row, i) => {
      const shares = table.cells[i]!.map((cell, j) => ({ count: cell.count, base: table.columns[j]!.base, share: cell.columnShare }));
      return { key: row.key, label: row.label, shares, differences: shares.slice(1).map((share) => differenceOf(share, shares[0]!)) };
    }),
  };
}

/** The questions compared by arm (every question's axis: not the response's own, not the coded "other"), and the arm's axis; none for a survey without arms. */
export function armAxes(config: SurveyConfig): { questions: CrosstabAxis[]; arms: CrosstabAxis } | null {
  const axes = crosstabAxes(config);
  const arms = axes.find((axis) => axis.id === ARM_AXIS);
  return arms ? { questions: axes.filter((axis) => !axis.id.startsWith("~") && axis.kind !== "coded"), arms } : null;
}
