/**
 * The anonymous clients of `npm run bench:burst`: each sends what the page
 * sends (supabase-js's insert: anon key, return=minimal) from its own
 * loopback address (127.0.1.x), which the gateway appends to
 * X-Forwarded-For as a trusted proxy does, so the rate limit counts each
 * client apart; or every client from one address (a carrier's shared one).
 */
import { request } from "node:http";
import type { DataApi } from "../data-api/index.ts";
import { uuidV4 } from "../../src/core/uuid.ts";
import { VISIT_EVENTS_TABLE, type VisitEvent } from "../../src/core/visit-steps.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { validRow } from "../lib/sample-response.ts";

export type Flow = "responses" | "respondents";

export interface BurstResult {
  /** Responses stored per second (a respondent's flow ends with one). */
  rate: number;
  p50: number;
  p99: number;
  /** Requests answered with anything but 201 (or failed). */
  errors: number;
  requests: number;
}

function post(api: DataApi, path: string, body: unknown, from: string): Promise<number> {
  const url = new URL(`${api.restUrl}/${path}`);
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress: from,
        headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json", prefer: "return=minimal" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.once("error", () => resolve(0));
    req.end(JSON.stringify(body));
  });
}

const SOURCES = ["instagram", "whatsapp", "tiktok"];

/** One respondent: the visit's steps as the page records them, the response with its visit id, then "submitted". */
function respondentRequests(config: SurveyConfig, index: number): [string, unknown][] {
  const visitId = uuidV4();
  const hidden = { utm_source: SOURCES[index % SOURCES.length]! };
  const event = (step: VisitEvent["step"], questionId: string | null = null): [string, VisitEvent] => [
    VISIT_EVENTS_TABLE,
    { visit_id: visitId, survey_id: config.id, step, question_id: questionId, hidden },
  ];
  const [first, second] = config.questions;
  return [
    event("opened"),
    event("reached", first!.id),
    event("first_answer"),
    event("reached", second!.id),
    [config.table, { ...validRow(config), visit_id: visitId, utm_source: hidden.utm_source }],
    event("submitted"),
  ];
}

/** Each burst's clients take addresses no earlier burst used, so the rate limit sees each client's own writes, as with real respondents. */
let bursts = 0;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `clients` concurrent clients until `total` responses are stored (each a
 * POST alone, or a respondent's whole flow); latency is per response, or
 * per respondent from the first event to the last.
 */
export async function burst(api: DataApi, config: SurveyConfig, flow: Flow, total: number, clients: number, oneAddress: boolean): Promise<BurstResult> {
  const latencies: number[] = [];
  let errors = 0;
  let requests = 0;
  let next = 0;
  const block = 1 + 4 * bursts++;
  const client = async (index: number) => {
    const from = oneAddress ? `127.0.${block}.1` : `127.0.${block + Math.floor(index / 250)}.${1 + (index % 250)}`;
    while (next < total) {
      const mine = next++;
      const steps: [string, unknown][] = flow === "responses" ? [[config.table, validRow(config)]] : respondentRequests(config, mine);
      const started = performance.now();
      for (const [path, body] of steps) {
        requests += 1;
        if ((await post(api, path, body, from)) !== 201) errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, requests };
}
