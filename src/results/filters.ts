/**
 * The view's filters, kept in the address so that a teammate opens the same
 * view: ?from=2026-11-01&until=2026-11-30&language=es&ending=x&utm_source=instagram&q.genero=Mujer.
 * A hidden field is written under its own id; an answer as q.<question id>;
 * for a survey with partial responses, finished=true (finished rows only) or false;
 * for a survey with quality rules, flagged=exclude (the flagged responses left out);
 * version=<hash> for the respondents who saw one published version of the definition.
 * The same filters go to results_numbers, results_responses and the export.
 * A date range's days are whole days in the survey's time zone, both ends
 * included (team.day_edge).
 */
export interface SiteFilters {
  from?: string;
  until?: string;
  language?: string;
  ending?: string;
  hidden: Record<string, string>;
  answer?: { question: string; value: string };
  /** Partial responses: the finished rows alone (true), the unfinished alone (false), or all (absent). */
  finished?: boolean;
  flagged?: "exclude";
  /** One published version of the survey's definition (results_versions): the rows of those who saw it. */
  version?: string;
}

const ANSWER_PREFIX = "q.";

export function filtersFromQuery(search: string, hiddenIds: readonly string[]): SiteFilters {
  const params = new URLSearchParams(search);
  const hidden = Object.fromEntries(hiddenIds.flatMap((id) => (params.get(id) ? [[id, params.get(id)!]] : [])));
  const answerKey = [...params.keys()].find((key) => key.startsWith(ANSWER_PREFIX));
  return {
    ...(params.get("from") && { from: params.get("from")! }),
    ...(params.get("until") && { until: params.get("until")! }),
    ...(params.get("language") && { language: params.get("language")! }),
    ...(params.get("ending") && { ending: params.get("ending")! }),
    hidden,
    ...((params.get("finished") === "true" || params.get("finished") === "false") && { finished: params.get("finished") === "true" }),
    ...(answerKey && params.get(answerKey) && { answer: { question: answerKey.slice(ANSWER_PREFIX.length), value: params.get(answerKey)! } }),
    ...(params.get("flagged") === "exclude" && { flagged: "exclude" as const }),
    ...(params.get("version") && { version: params.get("version")! }),
  };
}

/** The address's query with these filters in place of the old ones; other parameters (survey, view, lang) stay. */
export function withFilters(search: string, filters: SiteFilters, hiddenIds: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (["from", "until", "language", "ending", "finished", "flagged", "version", ...hiddenIds].includes(key) || key.startsWith(ANSWER_PREFIX)) params.delete(key);
  if (filters.from) params.set("from", filters.from);
  if (filters.until) params.set("until", filters.until);
  if (filters.language) params.set("language", filters.language);
  if (filters.ending) params.set("ending", filters.ending);
  for (const [id, value] of Object.entries(filters.hidden)) params.set(id, value);
  if (filters.finished !== undefined) params.set("finished", String(filters.finished));
  if (filters.answer) params.set(ANSWER_PREFIX + filters.answer.question, filters.answer.value);
  if (filters.flagged) params.set("flagged", filters.flagged);
  if (filters.version) params.set("version", filters.version);
  return params.toString();
}

/** The filters as the results functions take them (team.filter_request). */
export function rpcFilters(filters: SiteFilters): Record<string, unknown> {
  return {
    ...(filters.from && { from: filters.from }),
    ...(filters.until && { until: filters.until }),
    ...(filters.language && { language: filters.language }),
    ...(filters.ending && { ending: filters.ending }),
    ...(Object.keys(filters.hidden).length > 0 && { hidden: filters.hidden }),
    ...(filters.answer && { answer: filters.answer }),
    ...(filters.finished !== undefined && { finished: filters.finished }),
    ...(filters.flagged && { flagged: filters.flagged }),
    ...(filters.version && { version: filters.version }),
  };
}

export const hasFilters = (filters: SiteFilters) => Object.keys(rpcFilters(filters)).length > 0;
