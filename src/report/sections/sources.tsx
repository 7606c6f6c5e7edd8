/** Sources: per hidden field (utm_*), the visits, responses and completion of each value. */
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../format.ts";
import type { ReportNumbers } from "../numbers.ts";
import { Chart, widths } from "./table.tsx";

export function Sources({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.sources;
  if (numbers.sources.length === 0) return <p>{words.none}</p>;
  return (
    <>
      {numbers.sources.map(({ field, rows }) => {
        const width = widths(rows.map((row) => row.responses));
        return (
          <div key={field}>
            <h3 id={`source-${field}`}>{field}</h3>
            <Chart caption={interpolate(words.caption, { field })}
              columns={[{ header: field }, { header: words.visits, numeric: true }, { header: words.responses, numeric: true }, { header: words.completionRate, numeric: true }]}
              rows={rows.map((row, index) => ({
                key: row.value,
                cells: [row.value || f.words.page.noValue, f.integer(row.visits), f.integer(row.responses), f.percent(row.completionRate)],
                width: width[index]!,
              }))} />
          </div>
        );
      })}
    </>
  );
}
