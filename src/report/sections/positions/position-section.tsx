/**
 * One shuffled question's position effect as the report shows it
 * (position-effects.ts): a row per place of the list shown, with how many
 * answers stood there, then the test's result in a sentence. Pure.
 */
import { interpolate } from "../../../core/interpolate.ts";
import type { Formatters } from "../../format.ts";
import type { PositionEffect } from "../../positions/position-effects.ts";
import type { PositionWords } from "../../positions/words.ts";

export function PositionSection({ effect, words, f }: { effect: PositionEffect; words: PositionWords; f: Formatters }) {
  const { test } = effect;
  const thousandths = new Intl.NumberFormat(f.language, { maximumFractionDigits: 3 });
  // "p < 0,001" below a thousandth, else "p = 0,043".
  const p = test && (test.p < 0.001 ? `< ${thousandths.format(0.001)}` : `= ${thousandths.format(test.p)}`);
  return (
    <>
      <table className="crosstab positions" role="table">
        <caption>{effect.question.title}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">{words.place}</th>
            <th role="columnheader" scope="col">{effect.many ? words.chosenMany : words.chosen}</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {effect.rows.map((row) => (
            <tr key={row.place} role="row">
              <th role="rowheader" scope="row">{interpolate(row.anchored ? words.fixed : words.placeNumber, { place: String(row.place) })}</th>
              <td role="cell">{interpolate(words.share, { share: f.percent(row.share), count: f.integer(row.count), base: f.integer(effect.respondents) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {test ? (
        <p className="meta">
          {interpolate(test.p < 0.05 ? words.effect : words.noEffect, { statistic: f.decimal(test.statistic), df: f.integer(test.df), p: p! })}
          {test.lowExpected && ` ${words.lowExpected}`}
        </p>
      ) : (
        <p className="meta">{words.noTest}</p>
      )}
    </>
  );
}
