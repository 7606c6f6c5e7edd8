/** Responses per day, in the survey's time zone, which the headings name. */
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../format.ts";
import type { ReportNumbers } from "../numbers.ts";
import { Chart, widths } from "./table.tsx";

export function PerDay({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.perDay;
  if (numbers.perDay.length === 0) return <p>{words.none}</p>;
  const width = widths(numbers.perDay.map((day) => day.responses));
  return (
    <Chart caption={interpolate(words.caption, { zone: f.zone })} columns={[{ header: interpolate(words.day, { zone: f.zone }) }, { header: words.responses, numeric: true }]}
      rows={numbers.perDay.map((day, index) => ({ key: day.day, cells: [f.date(day.day), f.integer(day.responses)], width: width[index]! }))} />
  );
}
