/** Terms as buttons, most answers first, each with its count; the chosen one pressed, a second press lets it go. */
import type { Formatters } from "../../report/format.ts";
import type { ResultsWords } from "../words/index.ts";

export interface Term { term: string; label: string; answers: number; protected?: boolean }

interface Props { heading: string; terms: Term[]; chosen: string | null; choose: (term: string | null) => void; words: ResultsWords["themes"]; f: Formatters }

export function TermList({ heading, terms, chosen, choose, words, f }: Props) {
  return (
    <div className="theme-terms">
      <h3>{heading}</h3>
      {terms.length === 0 ? <p>{words.none}</p> : (
        <ol>
          {terms.map((term) => (
            <li key={term.term}>
              <button type="button" aria-pressed={term.term === chosen} onClick={() => choose(term.term === chosen ? null : term.term)}>
                <span className="term">{term.label}</span> <span className="meta">{f.counted(words.count, term.answers)}{term.protected ? ` · ${words.protected}` : ""}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
