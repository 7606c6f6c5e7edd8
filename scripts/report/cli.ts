/**
 * npm run report [-- --survey <id>] [--since <date>] [--where field=value] [--language <tag>] [--exclude-flagged] [--out <dir>]
 *
 * Reads with the service key: a hosted project when SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY are set, else the local data API (the one
 * running on this project's data directory, on whatever port, or an embedded
 * one started for the run). With DATABASE_URL the numbers are computed
 * through it.
 */
import type { Command } from "commander";
import { cli } from "../lib/cli.ts";
import type { ReportArguments } from "./options.ts";

const collect = (value: string, previous: string[] = []) => [...previous, value];

await cli("npm run report --", "Writes each survey's report (an HTML page and a CSV of the responses) into a folder.", "npm run report -- --survey foreign-form --since 2026-11-01 --where utm_source=instagram")
  .option("--survey <id>", "only this survey (repeat for several; default: every survey)", collect)
  .option("--since <date>", "only the responses and visits since this date, e.g. 2026-11-01")
  .option("--where <field=value>", "only the responses with this hidden field's value (repeatable)", collect)
  .option("--language <tag>", "the report's language (es, pt-BR, en; default: the survey file's reportLanguage, else its language)")
  .option("--exclude-flagged", "leave out the responses the quality rules flagged")
  .option("--crosstab <rows,cols>", "add a cross-tab of two questions (or ~language, ~ending, ~week, ~month, ~hidden/<field>) to the HTML (repeatable)", collect)
  .option("--trend <question[,week|month]>", "add a question's change over time, this week (or month) against the previous one, to the HTML (repeatable)", collect)
  .option("--out <dir>", "the folder to write into", "reports")
  // The report is loaded once the arguments are read: --help and a usage error answer without it (docs/developers/scripts.md).
  .action(async (values: ReportArguments, command: Command) => (await import("./main.ts")).main(values, command))
  .parseAsync();

