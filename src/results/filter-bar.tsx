/** The filters' form (filter-fields.tsx), applied together; the answer picked on a bar shows as a removable chip. */
import { useState, type FormEvent } from "react";
import { interpolate } from "../core/interpolate.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { Formatters } from "../report/format.ts";
import { FilterFields } from "./filter-fields.tsx";
import { hasFilters, type SiteFilters } from "./filters.ts";
import type { ResultsWords } from "./words/index.ts";

interface Props {
  config: SurveyConfig;
  hiddenIds: readonly string[];
  filters: SiteFilters;
  words: ResultsWords;
  f: Formatters;
  apply: (filters: SiteFilters) => void;
}

export function FilterBar({ config, hiddenIds, filters, words, f, apply }: Props) {
  const [draft, setDraft] = useState(filters);
  // Filters applied from elsewhere (the clear button, a bar's answer, the address) replace what was being typed.
  const applied = JSON.stringify(filters);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setDraft(filters);
  }
  const w = words.filters;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, answer: filters.answer });
  };
  const answerTitle = filters.answer && config.questions.find((question) => question.id === filters.answer!.question)?.title;
  return (
    <form className="filters card" onSubmit={submit} aria-labelledby="filters-heading">
      {/* Folded until a filter is set: on a phone the numbers come first. */}
      <details open={hasFilters(filters)}>
        <summary id="filters-heading">{w.heading}</summary>
        <div className="filter-fields">
          <FilterFields config={config} hiddenIds={hiddenIds} draft={draft} words={words} f={f} change={setDraft} />
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
