/**
 * npm run report [-- --survey <id>] [--since <date>] [--where field=value] [--language <tag>] [--exclude-flagged] [--out <dir>]
 *
 * Reads with the service key: a hosted project when SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY are set, else the local data API (the one
 * running on this project's data directory, on whatever port, or an embedded
 * one started for the run). With DATABASE_URL the numbers are computed
 * through it.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { localSource } from "./local-source.ts";
import { formatError, loadSurveys } from "../lib/validate.ts";
import { interpolate } from "../../src/core/interpolate.ts";
import { formatters, type Formatters } from "../../src/report/format.ts";
import { filtersFor, hostedSource, parseReportArgs, reportLanguageOf, ReportUsageError } from "./options.ts";
import { terminalProgress } from "./progress.ts";
import { ReadError } from "./read-rows.ts";
import { writeSurveyReport, type WrittenReport } from "./run-report.ts";

async function main(): Promise<void> {
  const options = parseReportArgs(process.argv.slice(2));
  const { surveys, errors } = loadSurveys("surveys");
  if (errors.length > 0) throw new ReportUsageError(errors.map(formatError).join("\n"));
  const known = surveys.map(({ config }) => config.id);
  const chosen = options.surveyIds ?? known;
  for (const id of chosen) if (!known.includes(id)) throw new ReportUsageError(`[report] --survey ${id}: no such survey (known: ${known.join(", ")})`);
  const filters = surveys.filter(({ config }) => chosen.includes(config.id)).map(({ config }) => ({ config, filters: filtersFor(config, options) }));

  const hosted = hostedSource(process.env);
  const { source, api } = hosted ? { source: { ...hosted, databaseUrl: process.env.DATABASE_URL }, api: undefined } : await localSource();
  mkdirSync(options.outDir, { recursive: true });
  // Ctrl-C: the reading stops, the progress line is cleared and the temporary files are removed; a second one ends at once.
  const interrupt = new AbortController();
  process.once("SIGINT", () => {
    interrupt.abort();
    process.once("SIGINT", () => process.exit(130));
  });
  try {
    for (const { config, filters: surveyFilters } of filters) {
      const started = performance.now();
      const run = {
        language: options.language,
        signal: interrupt.signal,
        progress: (f: Formatters) => terminalProgress(config.id, f),
        // Without filters the tallies answer at once; a scan of every row there means their migration is missing or stale.
        onNumbers: (path: string) => {
          if (path.startsWith("scan") && path !== "scan: filtered") console.error(`[report] ${config.id}: every row counted (${path.replace(/^scan: /, "")}); the tallies would answer in a moment`);
        },
      };
      let written;
      try {
        written = await writeSurveyReport(config, source, surveyFilters, options.outDir, run);
      } catch (error) {
        if (!interrupt.signal.aborted) throw error;
        const words = formatters(reportLanguageOf(config, options)).words.terminal;
        console.error(interpolate(words.interrupted, { dir: options.outDir }));
        process.exitCode = 130;
        return;
      }
      console.log(summaryLine(config.id, written, (performance.now() - started) / 1000, formatters(reportLanguageOf(config, options))));
    }
  } finally {
    await api?.stop();
  }
}

/** "foreign-form: 1 response, 2 visits → …" in the report's language, every count in its plural form. */
function summaryLine(surveyId: string, written: WrittenReport, seconds: number, f: Formatters): string {
  const words = f.words.terminal;
  const { responses, visits } = written.numbers;
  return interpolate(words.summary, {
    survey: surveyId,
    responses: f.counted(words.responses, responses),
    visits: visits === null ? words.noVisits : f.counted(words.visits, visits),
    html: written.html,
    csv: written.csv,
    seconds: f.seconds(seconds),
    memory: f.integer(Math.round(peakMemoryKb() / 1024)),
  });
}

/**
 * This process's peak resident memory. Linux's VmHWM belongs to the process's
 * own memory, while getrusage's maxRSS keeps the high-water mark of the parent
 * it was forked from (the bench's, with a whole database in it).
 */
function peakMemoryKb(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Number(hwm[1]);
  } catch {
    // Not Linux: the portable figure.
  }
  return process.resourceUsage().maxRSS;
}

main().catch((error: unknown) => {
  if (error instanceof ReportUsageError || error instanceof ReadError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
