/** Under a filter, the terms that most distinguish the filtered answers from all the others (results_theme_contrast). */
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../../report/format.ts";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import type { ResultsWords } from "../words/index.ts";
import { useRpc } from "./use-rpc.ts";

interface Contrast { terms?: { term: string; label: string; group: number; rest: number; groupAnswers: number; restAnswers: number; z: number }[]; hidden?: number; belowMinimumGroup?: number }
interface Props { survey: string; field: string; filters: SiteFilters; filtered: boolean; words: ResultsWords; f: Formatters }

export function ThemeContrast({ survey, field, filters, filtered, words, f }: Props) {
  const w = words.themes;
  const { data, error } = useRpc<Contrast>("results_theme_contrast", filtered ? { survey, field, filters: {}, group_filters: rpcFilters(filters), top: 10 } : null, words);
  return (
    <div className="theme-contrast">
      <h3>{w.distinct}</h3>
      <p className="meta">{filtered ? w.distinctHelp : w.distinctNone}</p>
      {error && <p role="alert">{error}</p>}
      {data?.belowMinimumGroup !== undefined && <p role="status">{interpolate(w.withheld, { minimum: String(data.belowMinimumGroup) })}</p>}
      {data?.terms && (data.terms.length === 0 ? <p>{w.none}</p> : (
        <ol>
          {data.terms.map((term) => (
            <li key={term.term}><span className="term">{term.label}</span> <span className="meta">{interpolate(w.groupRest, { group: String(term.groupAnswers), rest: String(term.restAnswers), z: f.decimal(term.z) })}</span></li>
          ))}
        </ol>
      ))}
    </div>
  );
}
