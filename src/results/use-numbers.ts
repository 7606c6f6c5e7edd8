/**
 * The survey's numbers from results_numbers, shaped by the report's own code
 * (reportNumbersOf), fetched again every 30 s while the tab is visible and
 * at once when it becomes visible again: the tallies make each call cheap.
 * A survey with partial responses also gets its finished and unfinished rows
 * counted apart (results_partial_numbers), under the same filters. The first
 * load takes the numbers the site started with results_me (first-view.ts).
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

export const REFRESH_MS = 30_000;

export interface NumbersState {
  numbers: ReportNumbers | null;
  partial: PartialNumbers | null;
  /** With the "flagged" filter: how many flagged responses the numbers leave out; else null. */
  flaggedExcluded: number | null;
  updatedAt: string | null;
  error: string | null;
  refresh: () => void;
}

export function useNumbers(config: SurveyConfig, filters: SiteFilters): NumbersState {
  const [state, setState] = useState<Omit<NumbersState, "refresh">>({ numbers: null, partial: null, flaggedExcluded: null, updatedAt: null, error: null });
  const key = JSON.stringify(rpcFilters(filters));
  const load = useCallback(async () => {
    try {
      const args = { survey: config.id, filters: JSON.parse(key) as unknown };
      const [sql, partial] = await Promise.all([
        takeEarlyNumbers<SqlNumbers & { updatedAt: string; flaggedExcluded?: number }>(config.id, key) ??
          rpc<SqlNumbers & { updatedAt: string; flaggedExcluded?: number }>("results_numbers", args),
        usesPartialResponses(config) ? rpc<PartialNumbers>("results_partial_numbers", args) : null,
      ]);
      setState({ numbers: reportNumbersOf(config, sql), partial, flaggedExcluded: sql.flaggedExcluded ?? null, updatedAt: sql.updatedAt, error: null });
    } catch (error) {
      setState((before) => ({ ...before, error: (error as Error).message }));
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
