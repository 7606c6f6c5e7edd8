// psql, as the commands that read or change a database named by DATABASE_URL run
// it (the team, the share links, the report): the operator's own client, with
// its connection settings (PGPASSWORD, ~/.pgpass, sslmode) and its errors.
import { spawn } from "node:child_process";

const PSQL_MISSING =
  "DATABASE_URL is set, so this command reaches the database with psql, which is not on PATH. " +
  "Install the PostgreSQL client (Debian: apt-get install postgresql-client).";

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
