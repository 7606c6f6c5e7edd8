/**
 * A share link's answers (results_shared_numbers, results_shared_crosstab:
 * scripts/sql/share-links-sql.ts) shaped for the report's own components:
 * each question's numbers as the report's QuestionNumbers (a withheld count
 * or n marked, never guessed), and a cross-tab as the report's CrosstabTable
 * (withheld cells null, no statistics: they would be computed from the
 * counts shown only, and the letters of a table with holes mislead). Pure.
 */
import { optionCounts, type QuestionNumbers } from "../../report/question-numbers.ts";
import type { CrosstabTable, Heading } from "../../report/crosstab/table.ts";
import { readableText } from "../../core/readable-text.ts";
import { optionLabel, optionValue } from "../../core/fields.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";

type Shown = number | null;

export interface SharedQuestion {
  kind: "choice" | "multiple" | "text";
  n: Shown;
  none: Shown;
  counts?: Record<string, Shown>;
  texts?: string[];
}

export interface SharedNumbers {
  survey: string;
  minimumGroup: number;
  questions: string[];
  crosstabs: boolean;
  updatedAt: string;
  expiresAt: string | null;
  filters: { from?: string; until?: string };
  /** Absent when the link's responses are fewer than its minimum group. */
  responses?: number;
  numbers?: Record<string, SharedQuestion>;
  belowMinimumGroup?: number;
}

export interface SharedCrosstab {
  cells: [string, string, Shown][];
  changed?: boolean;
  withheldWhole?: boolean;
}

/** The keys a withheld value is shown under in a cross-tab's rows or columns (scripts/sql/share-links-sql.ts, share_axis). */
export const OTHERS = "~others";
export const NONE = "~none";

type Question = SurveyConfig["questions"][number];

const optionsOf = (question: Question) => ("options" in question ? question.options : []);

/** The link's questions in the survey's order, as the report's sections take them. */
export function sharedQuestions(config: SurveyConfig, link: SharedNumbers): QuestionNumbers[] {
  return config.questions.flatMap((question): QuestionNumbers[] => {
    const shown = link.numbers?.[question.id];
    if (!shown || !link.questions.includes(question.id)) return [];
    const common = { id: question.id, title: readableText(question.title), type: question.type, n: shown.n ?? 0, ...(shown.n === null && { nWithheld: true }) };
    if (shown.kind === "text") return [{ ...common, kind: "text", texts: { newest: (shown.texts ?? []).map((text) => ({ text, at: "" })), rest: 0 } }];
    const counts = shown.counts ?? {};
    const known = new Map(Object.entries(counts).flatMap(([value, count]) => (count === null ? [] : [[value, count] as const])));
    const options = optionCounts(optionsOf(question), known, shown.n ?? 0).map((option) => (counts[option.value] === null ? { ...option, count: 0, share: 0, withheld: true } : option));
    const hidden = Object.keys(counts).filter((value) => counts[value] === null && !options.some((option) => option.value === value));
    return [{ ...common, kind: shown.kind, options: [...options, ...hidden.map((value) => ({ value, label: value, count: 0, share: 0, withheld: true }))], others: null, othersLabel: null }];
  });
}

/** One axis's rows or columns: the keys the cells name, in the file's order, each with its base from the link's numbers (null when withheld). */
function headings(question: Question, shown: SharedQuestion, keys: Set<string>, names: { others: string; none: string }, total: number): Heading[] {
  const counts = shown.counts ?? {};
  const listed = optionsOf(question).map((option) => ({ key: optionValue(option), label: readableText(optionLabel(option)) }));
  const extra = [...keys].filter((key) => key !== OTHERS && key !== NONE && !listed.some((option) => option.key === key)).map((key) => ({ key, label: key }));
  const sumShown = Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0) + (shown.none ?? 0);
  return [
    ...[...listed, ...extra].filter(({ key }) => keys.has(key)).map(({ key, label }) => ({ key, label, base: counts[key] ?? null })),
    ...(keys.has(NONE) ? [{ key: NONE, label: names.none, base: shown.none }] : []),
    ...(keys.has(OTHERS) ? [{ key: OTHERS, label: names.others, base: shown.kind === "choice" ? total - sumShown : null }] : []),
  ];
}

/** A link's cross-tab as the report's table draws it: counts and shares where both are shown, no letters, no statistics. */
export function sharedCrosstabTable(config: SurveyConfig, link: SharedNumbers, rowId: string, columnId: string, t: SharedCrosstab, names: { others: string; none: string }): CrosstabTable {
  const byId = (id: string) => config.questions.find((question) => question.id === id)!;
  const total = link.responses ?? 0;
  const rows = headings(byId(rowId), link.numbers![rowId]!, new Set(t.cells.map(([r]) => r)), names, total);
  const columns = headings(byId(columnId), link.numbers![columnId]!, new Set(t.cells.map(([, c]) => c)), names, total).map((heading) => ({ ...heading, letter: "" }));
  const at = new Map(t.cells.map(([r, c, n]) => [`${r}\u001f${c}`, n]));
  const share = (n: Shown, base: Shown) => (n === null || base === null || base === 0 ? null : n / base);
  return {
    rows,
    columns,
    cells: rows.map((row) => columns.map((column) => {
      const count = at.has(`${row.key}\u001f${column.key}`) ? at.get(`${row.key}\u001f${column.key}`)! : null;
      return { count, rowShare: share(count, row.base), columnShare: share(count, column.base), letters: "" };
    })),
    total,
    hidden: link.minimumGroup,
    statistics: null,
  };
}
