/**
 * bench:results' share link step (issue 57's cost): on the bench's million
 * responses, a link made by the operator (its numbers computed and kept),
 * its first cross-tab (computed and kept), a reader's GET of the kept
 * numbers and its revalidation (304), then the link's page on the phone
 * profile (results-paint.ts): first in a browser that never saw it, then
 * with its cache warm. The seeded responses run from November 2026 into
 * 2028 and a link shows whole days before today, so they are first moved
 * three years back (triggers off, then the table's tallies counted again by
 * report.refill): every response is in the link. Last step of the bench,
 * since it moves the rows the other steps' filters chose.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { SHARED_GET_FUNCTION } from "../../src/core/share-cache.ts";
import type { DataApi } from "../data-api/index.ts";
import { psql } from "../data-api/psql.ts";
import { RESULTS_PATH, SHARED_PATH } from "../vite-plugin-results-site.ts";
import { sqlLiteral } from "../sql/sql-text.ts";
import { median } from "./common.ts";
import { ms, withBudget, type Figure } from "./report.ts";
import { sharedFirstPaint, type BuiltSite } from "./results-paint.ts";

/** A reader's GET is timed this many times (the median shown). */
const READS = 20;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function shareBench({ api, config, site, runs, budget, log }: { api: DataApi; config: SurveyConfig; site: BuiltSite; runs: number; budget: number; log: (line: string) => void }): Promise<Figure[]> {
  await psql(api.dbUrl, [], `set session_replication_role = replica;
update public.${config.table} set created_at = created_at - interval '3 years';
set session_replication_role = origin;
select report.refill(${sqlLiteral(config.table)});
analyze public.${config.table};`);
  const service = { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, "content-type": "application/json" };
  const timedPost = async <T>(name: string, args: object, headers: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(`${api.restUrl}/rpc/${name}`, { method: "POST", headers, body: JSON.stringify(args) });
    const text = await response.text();
    return { ms: performance.now() - started, ok: response.ok, error: response.ok ? undefined : `${response.status} ${text.slice(0, 100)}`, body: (response.ok ? JSON.parse(text) : null) as T };
  };
  const made = await timedPost<{ token: string; questions: string[] }>("results_share_create", { link_survey: config.id, link_crosstabs: true }, service);
  if (!made.ok) throw new Error(`results_share_create: ${made.error}`);
  const { token, questions } = made.body;
  const anon = { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json" };
  const [row, column] = questions;
  const crosstab = await timedPost("results_shared_crosstab", { token, row_axis: row, column_axis: column }, anon);
  const read = async (headers: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(`${api.restUrl}/rpc/${SHARED_GET_FUNCTION}?token=${token}`, { headers: { ...anon, ...headers } });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, etag: response.headers.get("etag") ?? "", responses: response.status === 200 ? (JSON.parse(text) as { responses?: number }).responses : undefined };
  };
  const gets = [];
  for (let at = 0; at < READS; at += 1) gets.push(await read({}));
  const revalidations = [];
  for (let at = 0; at < READS; at += 1) revalidations.push(await read({ "if-none-match": gets[0]!.etag }));
  const linkResponses = gets[0]!.responses ?? 0;
  log(`link made in ${ms(made.ms)} (${linkResponses} responses); first cross-tab ${crosstab.error ?? ms(crosstab.ms)}; GET ${ms(median(gets.map((g) => g.ms)))}, 304 ${ms(median(revalidations.map((g) => g.ms)))}`);
  const paints = await sharedFirstPaint({ address: `${site.url}/${RESULTS_PATH}/${SHARED_PATH}/${config.id}/#${token}`, runs });
  const first = median(paints.map((run) => run.first.ms));
  const warm = median(paints.map((run) => run.warm.ms));
  const statuses = (list: { status: number }[]) => [...new Set(list.map((g) => g.status))].join(", ");
  return [
    { id: "shareCreate", label: `share link made by the operator over ${linkResponses.toLocaleString("en-US")} responses (results_share_create: its numbers computed and kept), once`, value: made.ms, unit: "ms", display: ms(made.ms) },
    { id: "shareFirstCrosstab", label: `its first cross-tab (${row} × ${column}, results_shared_crosstab by POST: computed and kept), once`, value: crosstab.ok ? crosstab.ms : NaN, unit: "ms", display: crosstab.error ? `failed after ${ms(crosstab.ms)}: ${crosstab.error}` : ms(crosstab.ms) },
    { id: "shareGet", label: `a reader's GET of the kept numbers (${SHARED_GET_FUNCTION}, status ${statuses(gets)}), median of ${READS}`, value: median(gets.map((g) => g.ms)), unit: "ms", display: ms(median(gets.map((g) => g.ms))) },
    { id: "shareRevalidate", label: `the same GET with its ETag in If-None-Match (status ${statuses(revalidations)}, no body), median of ${READS}`, value: median(revalidations.map((g) => g.ms)), unit: "ms", display: ms(median(revalidations.map((g) => g.ms))) },
    { id: "sharePaintFirst", label: `share page painted on the phone profile (4x CPU, slow 4G), a browser's first visit (views kept; ${kb(paints[0]!.first.bytes)} over the network before the paint), until its intro shows ${paints[0]!.first.figure.match(/[\d.,]+/)?.[0] ?? "?"} responses, median of ${runs}`, value: first, unit: "ms", display: `${ms(first)} (each: ${paints.map((run) => ms(run.first.ms)).join(", ")})` },
    withBudget({ id: "sharePaintWarm", label: `the same page opened again in that browser, cache warm (${kb(paints[0]!.warm.bytes)} over the network before the paint), median of ${runs}`, value: warm, unit: "ms", display: `${ms(warm)} (each: ${paints.map((run) => ms(run.warm.ms)).join(", ")})` }, "<=", budget, `≤ ${ms(budget)}`),
  ];
}
