// One data API per PGlite data directory. Two PGlite instances on the same files
// each keep their own copy of the database pages and overwrite each other's
// writes: rows acknowledged by one are gone after the other checkpoints (the
// loss issue 11 saw after a restart).
//
// The lock is a listening Unix socket in Linux's abstract namespace, named after
// the directory: the kernel lets only one process bind a name and frees it when
// that process ends however it ends (SIGKILL included), so a lock is never stale
// and there is no file to clean up. The holder answers a connection with its pid,
// for the refusal message, and its gateway's URL, so that tools (npm run report)
// find the data API of this directory on whatever port it runs.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, realpath } from "node:fs/promises";
import { connect, createServer, type Server } from "node:net";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    const holder = holderPid === null ? "another process" : `another process (pid ${holderPid})`;
    super(
      `The data directory ${dataDir} is already in use by ${holder}: is the data API already running? ` +
        "Stop it first, or set DATA_API_DATA_DIR to another directory.",
    );
    this.name = "DataDirInUseError";
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

async function socketName(dataDir: string): Promise<string> {
  // The real path, so that two spellings of one directory share one lock.
  const digest = createHash("sha256").update(await realpath(dataDir)).digest("hex");
  return `\0rmj-data-api/${digest.slice(0, 40)}`;
}

/** The pid and URL the current holder reports, or null if it does not answer. */
function askHolder(name: string): Promise<{ pid: number; url: string | null } | null> {
  return new Promise((resolve) => {
    let reply = "";
    const socket = connect(name);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on("data", (chunk) => (reply += chunk));
    socket.once("close", () => {
      const [, pid, url] = /^(\d+)(?: (\S+))?$/.exec(reply) ?? [];
      resolve(pid ? { pid: Number(pid), url: url ?? null } : null);
    });
    socket.once("error", () => {});
  });
}

/** The URL of the data API running on `dataDir`, or null when none does. */
export async function runningDataApiUrl(dataDir: string): Promise<string | null> {
  if (!existsSync(dataDir)) return null;
  return (await askHolder(await socketName(dataDir)))?.url ?? null;
}

/** Takes the directory's lock (creating the directory) or throws DataDirInUseError; `url` is the gateway's, told to whoever asks. */
export async function lockDataDir(dataDir: string, url?: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const name = await socketName(dataDir);
  const server: Server = createServer((socket) => socket.end(url ? `${process.pid} ${url}` : String(process.pid)));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(name, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    throw new DataDirInUseError(dataDir, (await askHolder(name))?.pid ?? null);
  });
  // The lock alone must not keep the process running.
  server.unref();
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}
