// Command line for the local data API, behind npm run db:start, db:reset and dev:
// node --import tsx scripts/data-api/cli.ts <command>
import { rm } from "node:fs/promises";
import { cli, subcommand, UserError } from "../lib/cli.ts";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock.ts";
import type { DataApi } from "./index.ts";
import { MigrationError } from "./migrations.ts";
import { resolveOptions } from "./options.ts";
import { PortInUseError } from "./ports.ts";

/** The data API's code (PGlite, PostgREST's supervisor), loaded when a command runs: --help and a usage mistake answer without it. */
const startDataApi = async () => (await import("./index.ts")).startDataApi();

const ENVIRONMENT = `Environment: DATA_API_PORT (default 54321), DATA_API_DATA_DIR (default .data/pglite),
MIGRATIONS_DIR (default supabase/migrations),
DATABASE_URL (a real PostgreSQL server instead of PGlite).`;

/** What starting the data API fails with that the operator acts on (a port in use, a data directory held, a failing migration): its message as it is. */
async function started<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PortInUseError || error instanceof DataDirInUseError || error instanceof MigrationError) throw new UserError(error.message);
    throw error;
  }
}

function printBanner(api: DataApi): void {
  console.log(`
Local data API is running.

         API URL: ${api.url}
    REST API URL: ${api.restUrl}
          DB URL: ${api.dbUrl}
        anon key: ${api.anonKey}
service_role key: ${api.serviceRoleKey}

Press Ctrl-C to stop.`);
}

async function reset(): Promise<void> {
  if (process.env.DATABASE_URL) {
    throw new UserError("reset wipes the embedded PGlite data; with DATABASE_URL set, drop and recreate that database yourself, then run start.");
  }
  const { dataDir } = resolveOptions();
  if (dataDir) {
    // A running data API must not have its files deleted under it.
    const lock = await started(lockDataDir(dataDir));
    await rm(dataDir, { recursive: true, force: true });
    await lock.release();
  }
  const api = await started(startDataApi());
  await api.stop();
  console.log(`Local database wiped and migrated (${dataDir}).`);
}

const dataApi = cli("node --import tsx scripts/data-api/cli.ts", "The local data API: PostgREST on an embedded PGlite database (or DATABASE_URL), every migration applied.", "npm run db:start");
dataApi.addHelpText("after", `\n${ENVIRONMENT}\n`);

subcommand(dataApi, "start", "start the local data API and keep it running (Ctrl-C stops it); npm run db:start", "npm run db:start").action(async () => {
  printBanner(await started(startDataApi()));
  // The gateway keeps the process alive; Ctrl-C stops everything and exits.
  await new Promise(() => {});
});

subcommand(dataApi, "reset", "wipe the local PGlite database, apply every migration, then exit; npm run db:reset", "npm run db:reset").action(reset);

subcommand(dataApi, "run", "start the data API, run the command with SUPABASE_URL, VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY (and more) set, stop both when either ends; npm run dev", "npm run dev   (node --import tsx scripts/data-api/cli.ts run -- vite)")
  .argument("<command...>", "the command and its arguments, after --")
  .action(async (command: string[]) => process.exit(await started(import("./run-command.ts").then(({ runWithDataApi }) => runWithDataApi(command)))));

await dataApi.parseAsync();
