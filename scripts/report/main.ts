/** What `npm run report` does once cli.ts has read its arguments: the chosen surveys' reports, one after the other, with their progress and summary lines. */
import { mkdirSync, readFileSync } from "node:fs";
import type { Command } from "commander";
import { localSource } from "./local-source.ts";
import { formatError, loadSurveys } from "../lib/validate.ts";
import { interpolate } from "../../src/core/interpolate.ts";
import { formatters, type Formatters } from "../../src/report/format.ts";
import { crosstabsFor, trendsFor, filtersFor, hostedSource, reportLanguageOf, reportOptions, ReportUsageError, type ReportArguments } from "./options.ts";
import { terminalProgress } from "./progress.ts";
import { writeSurveyReport, type WrittenReport } from "./run-report.ts";

/** The surveys and the filters of the run; a value that names nothing is a usage error (exit 2). */
function chosenSurveys(values: ReportArguments, command: Command) {
  try {
    const options = reportOptions(values);
    const { surveys, errors } = loadSurveys("surveys");
    if (errors.length > 0) throw new ReportUsageError(errors.map(formatError).join("\n"));
    const known = surveys.map(({ config }) => config.id);
    for (const id of options.surveyIds ?? []) if (!known.includes(id)) command.error(`[report] --survey ${id}: no such survey (known: ${known.join(", ")})`);
    const chosen = surveys.filter(({ config }) => (options.surveyIds ?? known).includes(config.id));
    return { options, filters: chosen.map(({ config }) => ({ config, filters: filtersFor(config, options), crosstabs: crosstabsFor(config, options), trends: trendsFor(config, options) })) };
  } catch (error) {
    // The survey files' own errors are not a usage mistake: they keep their lines and exit 1.
    if (error instanceof ReportUsageError && error.message.startsWith("[report] --")) command.error(error.message);
    throw error;
  }
}

export async function main(values: ReportArguments, command: Command): Promise<void> {
  const { options, filters } = chosenSurveys(values, command);
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
    for (const { config, filters: surveyFilters, crosstabs, trends } of filters) {
      const started = performance.now();
      const run = {
        language: options.language,
        crosstabs,
        trends,
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
      for (const path of written.crosstabCsvs) console.log(`  ${path}`);
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
