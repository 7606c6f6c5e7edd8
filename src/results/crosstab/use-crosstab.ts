/** One cross-tab from results_crosstab (scripts/sql/results-crosstab-sql.ts), asked again when the survey, an axis or a filter changes. */
import { useEffect, useState } from "react";
import type { CrosstabCounts } from "../../report/crosstab/table.ts";
import { rpc } from "../auth-client.ts";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import { refusalText } from "../refusal-text.ts";
import type { ResultsWords } from "../words/index.ts";

export interface CrosstabState { counts: CrosstabCounts | null; error: string | null; asked: string }

export function useCrosstab(survey: string, rows: string, columns: string, filters: SiteFilters, words: ResultsWords): CrosstabState {
  const asked = JSON.stringify([survey, rows, columns, rpcFilters(filters)]);
  const [state, setState] = useState<CrosstabState>({ counts: null, error: null, asked: "" });
  useEffect(() => {
    let current = true;
    const [id, row_axis, column_axis, f] = JSON.parse(asked) as [string, string, string, Record<string, unknown>];
    rpc<CrosstabCounts>("results_crosstab", { survey: id, row_axis, column_axis, filters: f }).then(
      (counts) => current && setState({ counts, error: null, asked }),
      (failure: unknown) => current && setState({ counts: null, error: refusalText(words, failure), asked }),
    );
    return () => void (current = false);
  }, [asked, words]);
  return state.asked === asked ? state : { counts: null, error: null, asked };
}
