/** A matrix, rows × columns: each cell the count and its share of those who answered. */
import type { Formatters } from "../../format.ts";
import type { MatrixNumbers } from "../../question-numbers.ts";
import { DataTable } from "../table.tsx";

export function MatrixView({ question, f }: { question: MatrixNumbers; f: Formatters }) {
  const columns = question.rows[0]?.columns ?? [];
  return (
    <DataTable columns={[{ header: "" }, ...columns.map((column) => ({ header: column.label, numeric: true }))]}
      rows={question.rows.map((row) => ({
        key: row.value,
        lang: f.surveyLanguage,
        cells: [row.label, ...row.columns.map((column) => `${f.integer(column.count)} (${f.percent(column.share)})`)],
      }))} />
  );
}
