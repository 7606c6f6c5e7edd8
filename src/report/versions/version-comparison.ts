/**
 * A question's answers by definition version (src/core/definition-version.ts),
 * each version in its own words: the database's counts of the question
 * against the ~version axis, the versions in the order they were published,
 * and for each answer the label it had in each version (the published
 * labels, report.definition_versions), so that after a rename the old
 * version's responses read as their respondents read them. Pure.
 */
import type { VersionLabels } from "../../core/definition-version.ts";
import { crosstabAxes, VERSION_AXIS, type CrosstabAxis } from "../crosstab/axes.ts";
import { crosstabTable, type CrosstabCounts, type KeyNames } from "../crosstab/table.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";

/** One published version as report.definition_versions keeps it. */
export interface PublishedVersion {
  version: string;
  labels: VersionLabels;
  publishedAt: string;
}

export interface VersionCell {
  /** The answer's label in this version (the current one when this version did not list it). */
  label: string;
  count: number | null;
  base: number | null;
  share: number | null;
}

export interface VersionComparison {
  /** The versions with responses to the question, oldest first, and the question's title in each. */
  versions: { version: string; publishedAt: string | null; title: string }[];
  rows: { key: string; cells: VersionCell[] }[];
}

/** The questions the report splits by version (those with answers to count), and the ~version axis with the published versions as its keys, oldest first. */
export function versionAxes(config: SurveyConfig, published: readonly PublishedVersion[]): { questions: CrosstabAxis[]; versions: CrosstabAxis } {
  const axes = crosstabAxes(config);
  const versions = axes.find((axis) => axis.id === VERSION_AXIS)!;
  return {
    questions: axes.filter((axis) => !axis.id.startsWith("~") && axis.kind !== "coded" && axis.values !== null),
    versions: { ...versions, values: published.map(({ version }) => ({ key: version, label: version })) },
  };
}

/** Whether splitting by version tells anything: responses from more than one version. */
export const severalVersions = (counts: CrosstabCounts): boolean => Object.keys(counts.columnBases).length > 1;

export function versionComparison(question: CrosstabAxis, versions: CrosstabAxis, published: readonly PublishedVersion[], counts: CrosstabCounts, names: KeyNames): VersionComparison {
  const table = crosstabTable(question, versions, counts, names);
  const byVersion = new Map(published.map((each) => [each.version, each]));
  const own = (version: string) => byVersion.get(version)?.labels.questions[question.id];
  return {
    versions: table.columns.map(({ key }) => ({ version: key, publishedAt: byVersion.get(key)?.publishedAt ?? null, title: own(key)?.title ?? question.title })),
    rows: table.rows.map((row, i) => ({
      key: row.key,
      cells: table.columns.map((column, j) => ({ label: own(column.key)?.values?.[row.key] ?? row.label, count: table.cells[i]![j]!.count, base: column.base, share: table.cells[i]![j]!.columnShare })),
    })),
  };
}
