/** Responses per ending, per language or per consent version: each value's count and share of the responses. */
import type { Formatters } from "../format.ts";
import { Chart, widths } from "./table.tsx";

export function Shares({ rows, responses, headers, caption, f }: { rows: { key: string; responses: number }[]; responses: number; headers: [string, string, string]; caption: string; f: Formatters }) {
  const width = widths(rows.map((row) => row.responses));
  return (
    <Chart caption={caption} columns={[{ header: headers[0] }, { header: headers[1], numeric: true }, { header: headers[2], numeric: true }]}
      rows={rows.map((row, index) => ({ key: row.key, cells: [row.key, f.integer(row.responses), f.percent(responses === 0 ? null : row.responses / responses)], width: width[index]! }))} />
  );
}
