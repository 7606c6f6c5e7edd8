/**
 * A throw-away real PostgreSQL server (Debian's `postgresql` package) for
 * tests that must hold on plain PostgreSQL as well as on PGlite: a new
 * cluster in a temporary directory, on a free loopback port, trust
 * authentication, removed on stop(). As root the cluster is owned by the
 * `postgres` user, since PostgreSQL refuses to run as root.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface PostgresServer {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server as a crash would (immediate mode) and starts it again on the same port and data. */
  restart(): void;
  stop(): void;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version || !existsSync(join(root, version, "bin", "initdb"))) {
    throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql: install them with `apt-get install -y postgresql` (as root); .ci/run does.");
  }
  return join(root, version, "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const INITDB_ARGS = ["--username", "postgres", "--auth", "trust", "--no-sync", "--encoding", "UTF8", "--locale", "C"];

/**
 * A freshly initialised cluster to copy, made once per machine and server version: copying its
 * 40 MB takes a tenth of the CPU initdb takes, and the test suite starts some fifty servers.
 * Made under a temporary name and renamed, so a concurrent start never copies half of one.
 */
function templateCluster(bin: string, run: (command: string, args: string[]) => void): string {
  const template = join(tmpdir(), `rmj-postgres-template-${bin.replaceAll("/", "_")}-${INITDB_ARGS.join("_")}`);
  if (existsSync(join(template, "PG_VERSION"))) return template;
  const partial = mkdtempSync(`${template}.partial-`);
  if (process.getuid?.() === 0) chownSync(partial, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })));
  run("initdb", ["--pgdata", join(partial, "data"), ...INITDB_ARGS]);
  try {
    renameSync(join(partial, "data"), template);
  } catch (error) {
    // Another start made it first: use theirs.
    if (!existsSync(join(template, "PG_VERSION"))) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return template;
}

/** cp -a: the copy keeps the template's owner and its 0700 mode, which the server requires. */
function copyCluster(template: string, data: string): void {
  const result = spawnSync("cp", ["-a", template, data], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`copying the template cluster failed: ${result.stderr}`);
}

/**
 * `maxConnections`: PostgreSQL's max_connections (default 100), for tests that open a session per concurrent insert;
 * `settings`: more server settings (e.g. shared_preload_libraries for pg_cron).
 */
export async function startPostgresServer({ maxConnections = 100, settings = {} as Record<string, string> } = {}): Promise<PostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "rmj-postgres-"));
  const asRoot = process.getuid?.() === 0;
  const ownerUid = asRoot ? Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })) : undefined;
  if (ownerUid !== undefined) chownSync(dir, ownerUid, ownerUid);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, command), ...args]] : [join(bin, command), args];
    const result = spawnSync(file, argv as string[], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const data = join(dir, "data");
  copyCluster(templateCluster(bin, run), data);
  const port = await freePort();
  const start = () => run("pg_ctl", ["--pgdata", data, "--wait", "--log", join(dir, "server.log"), "--options", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}${Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`).join("")}`, "start"]);
  start();
  let stopped = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    restart() {
      run("pg_ctl", ["--pgdata", data, "--mode", "immediate", "--wait", "stop"]);
      start();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["--pgdata", data, "--mode", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
