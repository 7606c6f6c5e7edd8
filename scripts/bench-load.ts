/**
 * `npm run bench:load [-- --total 1000 --concurrency 50]`: concurrent survey
 * submissions against a fresh in-memory local data API, each worker from its
 * own loopback address (127.0.1.x) so that the per-address rate limit is
 * active but, as with real respondents, not hit. The request is the one
 * supabase-js sends from the page (anon key, return=minimal). Runs twice:
 * with the rate-limit pre-request check, then without it, and prints the
 * throughput, latency, stored and lost rows of each and the check's cost.
 */
import { request } from "node:http";
import type { Row } from "../src/core/to-row.ts";
import { startDataApi, type DataApi } from "./data-api/index.ts";
import { validRow } from "./lib/sample-response.ts";
import { cli, wholeNumber } from "./lib/cli.ts";
import { readFileSync } from "node:fs";
import type { SurveyConfig } from "../src/generated/survey-config.ts";

const { total, concurrency } = cli("npm run bench:load --", "Concurrent survey submissions against a fresh in-memory local data API, with and without the rate-limit check.", "npm run bench:load -- --total 1000 --concurrency 50")
  .option("--total <n>", "submissions in each run", wholeNumber, 1000)
  .option("--concurrency <n>", "concurrent workers, each from its own loopback address", wholeNumber, 50)
  .parse()
  .opts<{ total: number; concurrency: number }>();
const survey = JSON.parse(readFileSync("surveys/foreign-form.json", "utf8")) as SurveyConfig;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function post(api: DataApi, row: Row, from: string): Promise<number> {
  const url = new URL(`${api.restUrl}/${survey.table}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress: from,
        headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json", prefer: "return=minimal" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.once("error", reject);
    req.end(JSON.stringify(row));
  });
}

async function storedCount(api: DataApi): Promise<number> {
  const count = await fetch(`${api.restUrl}/${survey.table}?select=id`, {
    headers: { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, prefer: "count=exact", range: "0-0" },
  });
  return Number(count.headers.get("content-range")?.split("/")[1] ?? 0);
}

async function run(api: DataApi, label: string) {
  const before = await storedCount(api);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async (index: number) => {
    const from = `127.0.1.${index + 1}`;
    while (next < total) {
      next += 1;
      const started = performance.now();
      const status = await post(api, validRow(survey), from);
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, (_, index) => worker(index)));
  const seconds = (performance.now() - started) / 1000;
  const stored = (await storedCount(api)) - before;
  latencies.sort((a, b) => a - b);
  const throughput = total / seconds;
  console.log(`${label}: submissions=${total} concurrency=${concurrency} addresses=${Math.min(concurrency, total)} statuses=${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(`${label}: throughput=${throughput.toFixed(1)} submissions/s  p50=${percentile(latencies, 50).toFixed(1)} ms  p95=${percentile(latencies, 95).toFixed(1)} ms  stored=${stored} lost=${(statuses.get(201) ?? 0) - stored}`);
  return { throughput, p50: percentile(latencies, 50), ok: stored === total };
}

const api = await startDataApi({ port: 0, dataDir: null, quiet: true });
try {
  const guarded = await run(api, "with the rate limit");
  // PostgREST on PGlite takes the pre-request setting at start (see pglite-database.ts).
  const admin = await import("pg").then(({ default: pg }) => new pg.Client({ connectionString: api.dbUrl }));
  await admin.connect();
  await admin.query("alter role authenticator reset pgrst.db_pre_request");
  await admin.end();
  await api.stopPostgrest();
  await api.startPostgrest();
  const bare = await run(api, "without it    ");
  const perRequest = (1000 / guarded.throughput - 1000 / bare.throughput) * concurrency;
  console.log(`pre-request check: ${(guarded.p50 - bare.p50).toFixed(1)} ms on the median latency; ${perRequest.toFixed(2)} ms per request from throughput (noisy on a shared machine)`);
  process.exitCode = guarded.ok && bare.ok ? 0 : 1;
} finally {
  await api.stop();
}
