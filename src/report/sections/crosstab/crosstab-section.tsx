/**
 * One cross-tab as the site and the report show it: the table of rows ×
 * columns with its statistics, or why there is none (a viewer's view under
 * the minimum group, nobody who answered both). Pure: its props are the
 * axes, the database's counts, the words and the formatters.
 */
import { interpolate } from "../../../core/interpolate.ts";
import type { CrosstabAxis } from "../../crosstab/axes.ts";
import { crosstabTable, type CrosstabCounts, type KeyNames } from "../../crosstab/table.ts";
import type { CrosstabWords } from "../../crosstab/words.ts";
import type { Formatters } from "../../format.ts";
import { CrosstabStatisticsNote } from "./crosstab-statistics.tsx";
import { CrosstabTableView } from "./crosstab-table.tsx";

/** An axis's name in a menu or a caption: a question's title (said to be coded for its coded axis), or the response's own (language, ending, status, week, month). */
export function axisTitle(axis: CrosstabAxis, words: CrosstabWords): string {
  const own: Record<string, string> = { "~language": words.language, "~ending": words.ending, "~arm": words.arm, "~version": words.version, "~finished": words.finishedTitle, "~week": words.week, "~month": words.month };
  if (axis.kind === "coded") return interpolate(words.coded, { title: axis.title });
  return own[axis.id] ?? axis.title;
}

export const keyNames = (words: CrosstabWords, f: Formatters): KeyNames => ({
  upTo: (b) => interpolate(words.upTo, { b: f.decimal(b) }),
  between: (a, b) => interpolate(words.between, { a: f.decimal(a), b: f.decimal(b) }),
  above: (a) => interpolate(words.above, { a: f.decimal(a) }),
  band: words.band,
  finished: words.finished,
});

interface Props { rows: CrosstabAxis; columns: CrosstabAxis; counts: CrosstabCounts; words: CrosstabWords; f: Formatters }

export function CrosstabSection({ rows, columns, counts, words, f }: Props) {
  if (counts.belowMinimumGroup !== undefined) return <p role="status">{interpolate(words.belowMinimumGroup, { count: f.integer(counts.belowMinimumGroup) })}</p>;
  if (counts.total === 0) return <p role="status">{words.empty}</p>;
  const table = crosstabTable(rows, columns, counts, keyNames(words, f));
  return (
    <>
      <CrosstabTableView table={table} caption={`${axisTitle(rows, words)} × ${axisTitle(columns, words)}`} words={words} f={f} />
      <CrosstabStatisticsNote table={table} several={{ rows: rows.kind === "many", columns: columns.kind === "many" }} words={words} f={f} />
    </>
  );
}
