// Command line for the local data API: node_modules/.bin/tsx scripts/data-api/cli.ts <command>
import { rm } from "node:fs/promises";
import { lockDataDir } from "./data-dir-lock.ts";
import { startDataApi, type DataApi } from "./index.ts";
import { resolveOptions } from "./options.ts";
import { runWithDataApi } from "./run-command.ts";

const USAGE = `Usage: tsx scripts/data-api/cli.ts <command>

  start                start the local data API and keep it running (Ctrl-C stops it)
  reset                wipe the local PGlite database, start the API once so that
                       every migration is applied and PostgREST loads the schema, then exit
  run -- <command...>  start the data API, run the command with SUPABASE_URL, VITE_SUPABASE_URL,
                       VITE_SUPABASE_ANON_KEY (and more) set, stop both when either ends

Environment: DATA_API_PORT (default 54321), DATA_API_DATA_DIR (default .data/pglite),
MIGRATIONS_DIR (default supabase/migrations),
DATABASE_URL (a real PostgreSQL server instead of PGlite; needs psql on PATH).`;

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
    throw new Error(
      "reset wipes the embedded PGlite data; with DATABASE_URL set, drop and recreate that database yourself, then run start.",
    );
  }
  const { dataDir } = resolveOptions();
  if (dataDir) {
    // A running data API must not have its files deleted under it.
    const lock = await lockDataDir(dataDir);
    await rm(dataDir, { recursive: true, force: true });
    await lock.release();
  }
  const api = await startDataApi();
  await api.stop();
  console.log(`Local database wiped and migrated (${dataDir}).`);
}

async function main([command, ...rest]: string[]): Promise<number> {
  switch (command) {
    case "start":
      printBanner(await startDataApi());
      // The gateway keeps the process alive; Ctrl-C stops everything and exits.
      return new Promise(() => {});
    case "reset":
      await reset();
      return 0;
    case "run":
      return runWithDataApi(rest[0] === "--" ? rest.slice(1) : rest);
    default:
      console.error(USAGE);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
