/**
 * The coding of an "other" text (analysts and owners): each folded text
 * with its count and current code, a field to give it an option of the
 * question (offered in a list, from the survey file) or a new code, and an undo; the totals raw
 * and coded, which the database keeps equal (results_other_texts,
 * results_code_other, results_undo_other).
 */
import { useEffect, useState, type FormEvent } from "react";
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../../report/format.ts";
import { rpc } from "../auth-client.ts";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import { refusalText } from "../refusal-text.ts";
import type { ResultsWords } from "../words/index.ts";
import type { OtherTexts } from "../../report/other-codes/coded-others.ts";
import { CodedTable } from "../../report/sections/other-codes/coded-table.tsx";

interface Props { survey: string; field: string; question: string; options: string[]; filters: SiteFilters; words: ResultsWords; f: Formatters }

export function OtherCoding({ survey, field, question, options, filters, words, f }: Props) {
  const w = words.themes.coding;
  const [data, setData] = useState<OtherTexts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const filtersKey = JSON.stringify(rpcFilters(filters));
  useEffect(() => {
    let current = true;
    rpc<OtherTexts>("results_other_texts", { survey, field, filters: JSON.parse(filtersKey) as Record<string, unknown> }).then(
      (next) => current && (setData(next), setError(null)),
      (failure: unknown) => current && setError(refusalText(words, failure)),
    );
    return () => void (current = false);
  }, [survey, field, filtersKey, asked, words]);
  const act = (name: string, args: Record<string, unknown>) =>
    rpc(name, { survey, field, ...args }).then(() => setAsked((n) => n + 1), (failure: unknown) => setError(refusalText(words, failure)));
  const save = (event: FormEvent<HTMLFormElement>, key: string) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get("code");
    void act("results_code_other", { text_key: key, code: typeof code === "string" && code.trim() !== "" ? code : null });
  };
  const list = `codes-${field}`;
  return (
    <div className="other-coding">
      <h3>{w.heading}</h3>
      <p className="meta">{w.help}</p>
      {error && <p role="alert">{error}</p>}
      {data && (
        <>
          <p role="status">{interpolate(w.totals, { raw: String(data.rawTotal), coded: String(data.codedTotal) })}</p>
          {data.kind === "one" && <CodedTable data={data} question={question} options={options} words={w.table} f={f} />}
          <datalist id={list}>{options.map((option) => <option key={option} value={option} />)}</datalist>
          <ul>
            {data.texts.map((text) => (
              <li key={`${text.key} ${text.code ?? ""}`}>
                <p><span className="term">{text.sample}</span> <span className="meta">{f.counted(words.themes.count, text.answers)}</span></p>
                <p className="meta">{text.code === null ? w.uncoded : interpolate(w.codedBy, { code: text.code, who: text.codedBy ?? "", when: f.dateTime(text.codedAt) })}</p>
                <form onSubmit={(event) => save(event, text.key)}>
                  <label>{interpolate(w.code, { text: text.sample })}<input name="code" list={list} defaultValue={text.code ?? ""} maxLength={100} /></label>
                  <button type="submit">{w.save}</button>{" "}
                  <button type="button" onClick={() => void act("results_undo_other", { text_key: text.key })}>{w.undo}</button>
                </form>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
