/** The filters' form: date from, each hidden field, language, ending, finished or not (partial responses); the answer picked on a bar shows as a removable chip. */
import { useState, type FormEvent } from "react";
import { interpolate } from "../core/interpolate.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { usesPartialResponses } from "../core/partial-response.ts";
import { hasFilters, type SiteFilters } from "./filters.ts";
import type { ResultsWords } from "./words/index.ts";

interface Props {
  config: SurveyConfig;
  hiddenIds: readonly string[];
  filters: SiteFilters;
  words: ResultsWords;
  apply: (filters: SiteFilters) => void;
}

export function FilterBar({ config, hiddenIds, filters, words, apply }: Props) {
  const [draft, setDraft] = useState(filters);
  const w = words.filters;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, answer: filters.answer });
  };
  const languages = (config.languages?.length ?? 0) > 1 ? config.languages! : [];
  const endings = config.endings ?? [];
  const answerTitle = filters.answer && config.questions.find((question) => question.id === filters.answer!.question)?.title;
  return (
    <form className="filters card" onSubmit={submit} aria-labelledby="filters-heading" key={JSON.stringify(filters)}>
      {/* Folded until a filter is set: on a phone the numbers come first. */}
      <details open={hasFilters(filters)}>
        <summary id="filters-heading">{w.heading}</summary>
        <div className="filter-fields">
          <label>
            {w.from}
            <input type="date" name="from" defaultValue={filters.from ?? ""} onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })} />
          </label>
          {hiddenIds.map((id) => (
            <label key={id}>
              {id}
              <input type="text" name={id} defaultValue={filters.hidden[id] ?? ""}
                onChange={(event) => {
                  const hidden = { ...draft.hidden };
                  if (event.target.value) hidden[id] = event.target.value;
                  else delete hidden[id];
                  setDraft({ ...draft, hidden });
                }} />
            </label>
          ))}
          {languages.length > 0 && (
            <label>
              {w.language}
              <select name="language" defaultValue={filters.language ?? ""} onChange={(event) => setDraft({ ...draft, language: event.target.value || undefined })}>
                <option value="">{w.any}</option>
                {languages.map((language) => <option key={language} value={language}>{language}</option>)}
              </select>
            </label>
          )}
          {endings.length > 0 && (
            <label>
              {w.ending}
              <select name="ending" defaultValue={filters.ending ?? ""} onChange={(event) => setDraft({ ...draft, ending: event.target.value || undefined })}>
                <option value="">{w.any}</option>
                {endings.map((ending) => <option key={ending.id} value={ending.id}>{ending.id}</option>)}
              </select>
            </label>
          )}
          {usesPartialResponses(config) && (
            <label>
              {w.finished}
              <select name="finished" defaultValue={filters.finished === undefined ? "" : String(filters.finished)} onChange={(event) => setDraft({ ...draft, finished: event.target.value === "" ? undefined : event.target.value === "true" })}>
                <option value="">{w.finishedAny}</option>
                <option value="true">{w.finishedOnly}</option>
                <option value="false">{w.unfinishedOnly}</option>
              </select>
            </label>
          )}
        </div>
        <button type="submit">{w.apply}</button>
      </details>
      <div className="filter-actions">
        {filters.answer && (
          <button type="button" className="chip" onClick={() => apply({ ...filters, answer: undefined })} aria-label={interpolate(w.remove, { name: `${answerTitle ?? filters.answer.question} = ${filters.answer.value}` })}>
            {interpolate(w.answer, { question: answerTitle ?? filters.answer.question, value: filters.answer.value })} ✕
          </button>
        )}
        {hasFilters(filters) && <button type="button" onClick={() => apply({ hidden: {} })}>{w.clear}</button>}
      </div>
    </form>
  );
}
