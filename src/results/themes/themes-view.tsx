/**
 * The themes view (?view=themes&field=<text>&term=<term>, with the filters):
 * a native select of the survey's free texts (a personal question's only
 * with the grant), the top terms and two-word phrases as buttons with their
 * count of answers, the answers of the chosen term in context (analysts and
 * owners), and, under a filter, the terms that distinguish it from the
 * rest. Every count is the database's (results_themes, results_theme_answers,
 * results_theme_contrast); a viewer's terms are those of at least the
 * survey's minimum group.
 */
import { useMemo } from "react";
import { interpolate } from "../../core/interpolate.ts";
import { readableText } from "../../core/readable-text.ts";
import { optionValuesOf } from "../../report/other-codes/coded-others.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import type { Formatters } from "../../report/format.ts";
import { themesRow } from "../../report/themes/themes-row.ts";
import { rpcFilters, hasFilters, type SiteFilters } from "../filters.ts";
import { atLeast, type Member } from "../me.ts";
import { withParam } from "../use-address.ts";
import type { ResultsWords } from "../words/index.ts";
import { ThemeContexts } from "./theme-contexts.tsx";
import { ThemeContrast } from "./theme-contrast.tsx";
import { OtherCoding } from "./other-coding.tsx";
import { TermList, type Term } from "./term-list.tsx";
import { useRpc } from "./use-rpc.ts";

interface Props { config: SurveyConfig; member: Member; filters: SiteFilters; words: ResultsWords; f: Formatters; search: string; go: (search: string) => void }
export interface ThemesAnswer { answers?: number; terms?: Term[]; phrases?: Term[]; hidden?: number; belowMinimumGroup?: number }

export default function ThemesView({ config, member, filters, words, f, search, go }: Props) {
  const w = words.themes;
  const fields = useMemo(() => {
    const titles = new Map(config.questions.map((question) => [question.id, readableText(question.title)]));
    const options = new Map(config.questions.map((question) => [question.id, optionValuesOf(question)]));
    return Object.entries(themesRow(config).texts).filter(([, text]) => member.personal || !text.personal)
      .map(([id, text]) => ({ id, other: text.kind !== "text", question: titles.get(text.question)!, options: options.get(text.question) ?? [], label: text.kind === "text" ? titles.get(id)! : interpolate(w.other, { question: titles.get(text.question)! }) }));
  }, [config, member.personal, w]);
  const params = new URLSearchParams(search);
  const field = fields.find((candidate) => candidate.id === params.get("field")) ?? fields[0];
  const term = params.get("term");
  const { data, error } = useRpc<ThemesAnswer>("results_themes", field ? { survey: config.id, field: field.id, filters: rpcFilters(filters) } : null, words);
  const choose = (next: string | null) => go(withParam(search, "term", next));
  const label = [...(data?.terms ?? []), ...(data?.phrases ?? [])].find((candidate) => candidate.term === term)?.label ?? term;
  return (
    <section className="card themes-view" aria-labelledby="themes-heading">
      <h2 id="themes-heading">{w.heading}</h2>
      <p className="meta">{w.choose}</p>
      {field && (
        <div className="filter-fields">
          <label>
            {w.field}
            <select name="field" value={field.id} onChange={(event) => go(withParam(withParam(search, "field", event.target.value), "term", null))}>
              {fields.map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.label}</option>)}
            </select>
          </label>
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      {field && !data && !error && <p role="status">{words.loading}</p>}
      {data?.belowMinimumGroup !== undefined && <p role="status">{interpolate(w.withheld, { minimum: String(data.belowMinimumGroup) })}</p>}
      {data?.terms && (
        <>
          <p className="meta">{f.counted(w.answers, data.answers ?? 0)}</p>
          {data.hidden !== undefined && <p className="meta">{interpolate(w.hidden, { minimum: String(data.hidden) })}</p>}
          <TermList heading={w.terms} terms={data.terms} chosen={term} choose={choose} words={w} f={f} />
          {data.phrases && data.phrases.length > 0 && <TermList heading={w.phrases} terms={data.phrases} chosen={term} choose={choose} words={w} f={f} />}
        </>
      )}
      {field && term && atLeast(member, "analyst") && <ThemeContexts survey={config.id} field={field.id} term={term} label={label ?? term} filters={filters} words={words} f={f} />}
      {field?.other && atLeast(member, "analyst") && <OtherCoding survey={config.id} field={field.id} question={field.question} options={field.options} filters={filters} words={words} f={f} />}
      {field && <ThemeContrast survey={config.id} field={field.id} filters={filters} filtered={hasFilters(filters)} words={words} f={f} />}
    </section>
  );
}
