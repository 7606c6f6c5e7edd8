/**
 * `npm run bench:load [-- --total 1000 --concurrency 50]`: concurrent survey
 * submissions through supabase-js (as the browser sends them: anon key,
 * return=minimal) against a fresh in-memory local data API, then counts the
 * stored rows with the service_role key. Prints throughput, latency and lost rows.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createClient } from "@supabase/supabase-js";
import { emptyAnswers, type Answers } from "../src/core/answers.ts";
import { optionValue } from "../src/core/fields.ts";
import { toRow } from "../src/core/to-row.ts";
import { uuidV4 } from "../src/core/uuid.ts";
import type { SurveyConfig } from "../src/generated/survey-config.ts";
import { startDataApi } from "./data-api/index.ts";

const { values } = parseArgs({ options: { total: { type: "string", default: "1000" }, concurrency: { type: "string", default: "50" } } });
const total = Number(values.total);
const concurrency = Number(values.concurrency);
const survey = JSON.parse(readFileSync("surveys/foreign-form.json", "utf8")) as SurveyConfig;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A valid answer to every question: the first option, a short text, the slider's default. */
function sampleAnswers(config: SurveyConfig): Answers {
  const answers = emptyAnswers(config);
  for (const question of config.questions) {
    if (question.type === "select" || question.type === "radio") answers[question.id] = optionValue(question.options[0]!);
    else if (question.type === "checkbox") answers[question.id] = [optionValue(question.options[0]!)];
    else if (question.type === "number") answers[question.id] = "30";
    else if (question.type !== "slider") answers[question.id] = "Carga de prueba";
  }
  return answers;
}

const api = await startDataApi({ port: 0, dataDir: null, quiet: true });
try {
  const client = createClient(api.url, api.anonKey, { auth: { persistSession: false } });
  const answers = sampleAnswers(survey);
  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;

  const worker = async () => {
    while (next < total) {
      next += 1;
      const started = performance.now();
      const { error } = await client.from(survey.table).insert(toRow(survey, answers, uuidV4()));
      latencies.push(performance.now() - started);
      if (error) failures.push(`${error.code}: ${error.message}`);
    }
  };

  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  const seconds = (performance.now() - started) / 1000;

  const count = await fetch(`${api.restUrl}/${survey.table}?select=id`, {
    headers: { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, prefer: "count=exact", range: "0-0" },
  });
  const stored = Number(count.headers.get("content-range")?.split("/")[1] ?? 0);
  latencies.sort((a, b) => a - b);
  console.log(`submissions=${total} concurrency=${concurrency} errors=${failures.length}`);
  console.log(`throughput=${(total / seconds).toFixed(1)} submissions/s  p50=${percentile(latencies, 50).toFixed(1)} ms  p95=${percentile(latencies, 95).toFixed(1)} ms`);
  console.log(`stored=${stored} lost=${total - stored}`);
  if (failures.length) console.log(`first error: ${failures[0]}`);
  process.exitCode = stored === total && failures.length === 0 ? 0 : 1;
} finally {
  await api.stop();
}
