/**
 * The survey's numbers from results_numbers, shaped by the report's own code
 * (reportNumbersOf), fetched again every 30 s while the tab is visible and
 * at once when it becomes visible again: the tallies make each call cheap.
 */
import { useCallback, useEffect, useState } from "react";
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { ReportNumbers } from "../report/numbers.ts";
import { reportNumbersOf, type SqlNumbers } from "../report/sql-numbers.ts";
import { rpcFilters, type SiteFilters } from "./filters.ts";
import { rpc } from "./supabase.ts";

export const REFRESH_MS = 30_000;

export interface NumbersState {
  numbers: ReportNumbers | null;
  /** With the "flagged" filter: how many flagged responses the numbers leave out; else null. */
  flaggedExcluded: number | null;
  updatedAt: string | null;
  error: string | null;
  refresh: () => void;
}

export function useNumbers(config: SurveyConfig, filters: SiteFilters): NumbersState {
  const [state, setState] = useState<Omit<NumbersState, "refresh">>({ numbers: null, flaggedExcluded: null, updatedAt: null, error: null });
  const key = JSON.stringify(rpcFilters(filters));
  const load = useCallback(async () => {
    try {
      const sql = await rpc<SqlNumbers & { updatedAt: string; flaggedExcluded?: number }>("results_numbers", { survey: config.id, filters: JSON.parse(key) });
      setState({ numbers: reportNumbersOf(config, sql), flaggedExcluded: sql.flaggedExcluded ?? null, updatedAt: sql.updatedAt, error: null });
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
