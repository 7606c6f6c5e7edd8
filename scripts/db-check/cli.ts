/**
 * `npm run db:check`: compares a database with what the survey files say and
 * prints the differences per table; exit 1 when there is any. The database is
 * DATABASE_URL (e.g. a hosted project's connection string), or by default the
 * running local data API. Run it before and after `supabase db push`.
 */
import { join } from "node:path";
import { REPO_ROOT } from "../lib/repo-root.ts";
import type { Finding } from "./compare.ts";
import { cli } from "../lib/cli.ts";

const MIGRATIONS_DIR = join(REPO_ROOT, "supabase", "migrations");

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "****";
  return parsed.toString();
}

function print(findings: Finding[]): void {
  const scopes = [...new Set(findings.map((finding) => finding.scope))];
  for (const scope of scopes) {
    console.log(`\n${scope}`);
    for (const { kind, message } of findings.filter((finding) => finding.scope === scope)) {
      console.log(`  ${kind === "drift" ? "✗" : "·"} ${message}`);
    }
  }
}

async function main(): Promise<number> {
  // Loaded once the arguments are read: --help answers without them (docs/developers/scripts.md).
  const [{ default: pg }, { formatError, loadSurveys }, { expectedDatabase }, { migrationFiles, readDbState }, { compareDatabase }, { inspectDatabase }, { localDatabaseUrl }] = await Promise.all([
    import("pg"), import("../lib/validate.ts"), import("../sql/expected-database.ts"), import("../sql/migration-state.ts"), import("./compare.ts"), import("./inspect.ts"), import("../data-api/options.ts"),
  ]);
  const { surveys, errors } = loadSurveys(join(REPO_ROOT, "surveys"), MIGRATIONS_DIR);
  if (errors.length) {
    for (const error of errors) console.error(formatError(error));
    console.error("db:check: the survey files are invalid (see above); fix them first.");
    return 1;
  }
  const url = process.env.DATABASE_URL || localDatabaseUrl();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    const hint = process.env.DATABASE_URL ? "check DATABASE_URL" : "start the local data API with npm run db:start, or set DATABASE_URL to the database to check";
    console.error(`db:check: cannot connect to ${redact(url)}: ${(error as Error).message}; ${hint}.`);
    return 1;
  }
  try {
    const expected = expectedDatabase(surveys, readDbState(MIGRATIONS_DIR));
    const findings = compareDatabase(expected, await inspectDatabase(client, expected), migrationFiles(MIGRATIONS_DIR));
    console.log(`db:check: ${redact(url)} against ${surveys.length} survey file(s) and ${migrationFiles(MIGRATIONS_DIR).length} migration(s)`);
    print(findings);
    const drift = findings.filter((finding) => finding.kind === "drift").length;
    if (drift) {
      console.log(`\n${drift} difference(s) between the database and the survey files. Apply the migrations (supabase db push, or npm run db:start locally) and run npm run db:check again; docs/operators/going-live.md ("When db:check reports drift") says what to do with each kind.`);
      return 1;
    }
    console.log("\nThe database is what the survey files say.");
    return 0;
  } finally {
    await client.end();
  }
}

cli("npm run db:check --", "Compares a database (DATABASE_URL, else the local data API) with what the survey files say; exit 1 when they differ.", "DATABASE_URL=postgresql://postgres:…@db.<project>.supabase.co:5432/postgres npm run db:check").parse();
process.exit(await main());
