/**
 * The questions as offered now: a survey with a quota that hides its option
 * asks the database once, when the page opens, which of those quotas are
 * full (their ids only, never a count: scripts/sql/quota-sql.ts), and stops
 * offering their options. Until the answer comes, or when it never does,
 * every option is offered: the database still turns a full quota's
 * respondent to its screen-out page, so a lost call costs no response.
 */
import { useEffect, useMemo, useState } from "react";
import { fullQuotasFunctionName, hidesOptions, withoutFullOptions } from "../core/quotas.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";

const NONE: ReadonlySet<string> = new Set();
const TIMEOUT_MS = 10_000;

async function fullQuotas(table: string): Promise<string[]> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (!url || !key) return [];
  const response = await fetch(`${url}/rest/v1/rpc/${fullQuotasFunctionName(table)}`, {
    method: "POST",
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as string[];
}

export function useOfferedQuestions(config: ResolvedSurvey): ResolvedSurvey {
  const [full, setFull] = useState(NONE);
  const asks = hidesOptions(config);
  useEffect(() => {
    if (!asks) return;
    let live = true;
    fullQuotas(config.table).then(
      (ids) => live && ids.length && setFull(new Set(ids)),
      (error) => console.warn(`[survey] ${fullQuotasFunctionName(config.table)} could not be read; every option stays offered`, error),
    );
    return () => {
      live = false;
    };
  }, [asks, config.table]);
  return useMemo(() => (full.size ? { ...config, questions: withoutFullOptions(config, config.questions, full) } : config), [config, full]);
}
