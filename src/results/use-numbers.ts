/**
 * The survey's numbers from results_numbers, shaped by the report's own code
 * (reportNumbersOf), fetched again every 30 s while the tab is visible and
 * at once when it becomes visible again: the tallies make each call cheap.
 * A survey with partial responses also gets its finished and unfinished rows
 * counted apart (results_partial_numbers), under the same filters. The first
 * load takes the numbers the site started with results_me (first-view.ts).
 * A viewer's view below the survey's minimumGroup comes back as `withheld`
 * (the minimum), with no numbers (withheld.tsx).
 */
import { useCallback, useEffect, useState } from "react";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { usesPartialResponses } from "../core/partial-response.ts";
import type { ReportNumbers } from "../report/numbers.ts";
import type { PartialNumbers } from "../report/partial-numbers.ts";
import { reportNumbersOf, type SqlNumbers } from "../report/sql-numbers.ts";
import { rpcFilters, type SiteFilters } from "./filters.ts";
import { takeEarlyNumbers } from "./first-view.ts";
import { rpc } from "./auth-client.ts";
import { isWithheld, type Withheld } from "./withheld.tsx";

export const REFRESH_MS = 30_000;

export interface NumbersState {
  numbers: ReportNumbers | null;
  partial: PartialNumbers | null;
  /** A viewer's view below the survey's minimumGroup: that minimum (numbers and partial are null); else null. */
  withheld: number | null;
  /** With the "flagged" filter: how many flagged responses the numbers leave out; else null. */
  flaggedExcluded: number | null;
  updatedAt: string | null;
  /** The last load's failure as thrown (the page says it: refusal-text.ts); null after a load that worked. */
  error: unknown;
  refresh: () => void;
}

export function useNumbers(config: SurveyConfig, filters: SiteFilters): NumbersState {
  const [state, setState] = useState<Omit<NumbersState, "refresh">>({ numbers: null, partial: null, withheld: null, flaggedExcluded: null, updatedAt: null, error: null });
  const key = JSON.stringify(rpcFilters(filters));
  const load = useCallback(async () => {
    try {
      const args = { survey: config.id, filters: JSON.parse(key) as unknown };
      type Answer = (SqlNumbers & { updatedAt: string; flaggedExcluded?: number }) | Withheld;
      const [sql, partial] = await Promise.all([
        takeEarlyNumbers<Answer>(config.id, key) ?? rpc<Answer>("results_numbers", args),
        usesPartialResponses(config) ? rpc<PartialNumbers | Withheld>("results_partial_numbers", args) : null,
      ]);
      if (isWithheld(sql)) return setState({ numbers: null, partial: null, withheld: sql.belowMinimumGroup, flaggedExcluded: null, updatedAt: sql.updatedAt, error: null });
      setState({ numbers: reportNumbersOf(config, sql), partial: isWithheld(partial) ? null : partial, withheld: null, flaggedExcluded: sql.flaggedExcluded ?? null, updatedAt: sql.updatedAt, error: null });
    } catch (error) {
      setState((before) => ({ ...before, error: error ?? new Error(String(error)) }));
    }
  }, [config, key]);
  useEffect(() => {
    void load();
    const timer = window.setInterval(() => document.visibilityState === "visible" && void load(), REFRESH_MS);
    const onVisible = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [load]);
  return { ...state, refresh: () => void load() };
}
