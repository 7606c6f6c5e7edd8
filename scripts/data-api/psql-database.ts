// A real PostgreSQL server named by DATABASE_URL. Roles and migrations are applied
// with the psql client rather than a Node driver, which would be a new dependency;
// PostgREST then connects to the same server as `authenticator`.
import { spawn } from "node:child_process";
import type { Database, Migration } from "./database.ts";
import { AUTHENTICATOR_PASSWORD, quoteLiteral } from "./roles.ts";

const PSQL_MISSING =
  "DATABASE_URL is set, so the data API applies roles and migrations with psql, which is not on PATH. " +
  "Install the PostgreSQL client (Debian: apt-get install postgresql-client) or unset DATABASE_URL to use the embedded PGlite.";

/** Runs psql against `url`; resolves with its stdout, rejects with its error output. */
export function psql(url: string, args: string[], input = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "psql",
      [
        "--no-psqlrc",
        "--quiet",
        "--no-password",
        "--set=ON_ERROR_STOP=1",
        `--dbname=${url}`,
        ...args,
      ],
      // Fail fast instead of hanging on an unreachable host.
      { env: { PGCONNECT_TIMEOUT: "10", ...process.env } },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new Error(PSQL_MISSING) : error),
    );
    child.once("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(stderr.trim() || `psql exited with code ${code}`));
    });
    // psql stops reading at its first error (ON_ERROR_STOP) and exits: the rest of the input then meets a closed pipe.
    // That EPIPE is not the failure; psql's own message, reported on close above, is.
    child.stdin.once("error", () => {});
    child.stdin.end(input);
  });
}

export async function openPsql(databaseUrl: string): Promise<Database> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error(
      "DATABASE_URL must be a URL such as postgresql://user:password@host:5432/dbname",
    );
  }
  await psql(databaseUrl, ["--command=select 1"]);

  const postgrestUrl = new URL(url);
  postgrestUrl.username = "authenticator";
  postgrestUrl.password = AUTHENTICATOR_PASSWORD;
  const displayUrl = new URL(url);
  if (displayUrl.password) displayUrl.password = "****";

  return {
    postgrestUri: postgrestUrl.toString(),
    displayUrl: displayUrl.toString(),
    embedded: false,
    // PostgREST logs in as authenticator and reads that role's settings itself.
    postgrestSettings: async () => ({}),
    async exec(sql) {
      await psql(databaseUrl, [], sql);
    },
    async value(sql) {
      // No row prints nothing; a null, an empty line.
      const out = await psql(databaseUrl, ["--tuples-only", "--no-align", `--command=${sql}`]);
      return out.split("\n")[0] || null;
    },
    async appliedVersions() {
      const out = await psql(databaseUrl, [
        "--tuples-only",
        "--no-align",
        "--command=select version from supabase_migrations.schema_migrations",
      ]);
      return new Set(out.split("\n").filter(Boolean));
    },
    async applyMigration(migration: Migration) {
      const record = `insert into supabase_migrations.schema_migrations (version, name) values (${quoteLiteral(migration.version)}, ${quoteLiteral(migration.name)})`;
      // --single-transaction wraps the file and the insert in one transaction and,
      // with ON_ERROR_STOP, rolls both back on the first error.
      await psql(databaseUrl, [
        "--single-transaction",
        `--file=${migration.path}`,
        `--command=${record}`,
      ]);
    },
    async close() {},
  };
}
