/**
 * A throw-away real PostgreSQL server (Debian's `postgresql` package) for
 * tests that must hold on plain PostgreSQL as well as on PGlite: a new
 * cluster in a temporary directory, on a free loopback port, trust
 * authentication, removed on stop(). As root the cluster is owned by the
 * `postgres` user, since PostgreSQL refuses to run as root.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
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

/** Where the cluster of a prepared setup is kept: named by the server's binaries, initdb's arguments and the setup's inputs. */
export function preparedTemplate(inputs: readonly string[], bin = binDir()): string {
  const hash = createHash("sha256").update(`${bin}\0${INITDB_ARGS.join(" ")}`);
  for (const input of inputs) hash.update(`\0${input.length}\0${input}`);
  return join(tmpdir(), `rmj-postgres-prepared-${hash.digest("hex").slice(0, 32)}`);
}

/** Copied under a temporary name and renamed, as templateCluster is: a concurrent start copies all of it or none. */
function keepAsTemplate(data: string, template: string): void {
  const partial = `${template}.partial-${process.pid}-${Date.now()}`;
  copyCluster(data, partial);
  try {
    renameSync(partial, template);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another start kept the same setup first.
    if (!existsSync(join(template, "PG_VERSION"))) throw error;
  }
}

/** cp -a: the copy keeps the template's owner and its 0700 mode, which the server requires. */
function copyCluster(template: string, data: string): void {
  const result = spawnSync("cp", ["-a", template, data], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`copying the template cluster failed: ${result.stderr}`);
}

/**
 * A setup the server starts with: `prepare` runs on a new server once, and its cluster is kept as a
 * template named by `inputs` (everything the setup depends on, e.g. the roles' SQL and each migration
 * file's name and text); later starts with the same inputs copy that template instead. Applying the
 * project's migrations is about a second of the server's CPU, and the tests start dozens of such servers.
 */
export interface PreparedCluster {
  readonly inputs: readonly string[];
  prepare(url: string): Promise<void>;
}

/**
 * `maxConnections`: PostgreSQL's max_connections (default 100), for tests that open a session per concurrent insert;
 * `settings`: more server settings (e.g. shared_preload_libraries for pg_cron);
 * `prepared`: a setup kept as a template after its first run (PreparedCluster).
 */
export async function startPostgresServer({ maxConnections = 100, settings = {} as Record<string, string>, prepared }: { maxConnections?: number; settings?: Record<string, string>; prepared?: PreparedCluster } = {}): Promise<PostgresServer> {
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
  const template = prepared && preparedTemplate(prepared.inputs, bin);
  const ready = template !== undefined && existsSync(join(template, "PG_VERSION"));
  copyCluster(ready ? template : templateCluster(bin, run), data);
  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const start = () => run("pg_ctl", ["--pgdata", data, "--wait", "--log", join(dir, "server.log"), "--options", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}${Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`).join("")}`, "start"]);
  start();
  if (prepared && template && !ready) {
    try {
      await prepared.prepare(url);
      // A clean stop writes everything down, so the copy is a consistent cluster; then this server starts again on it.
      run("pg_ctl", ["--pgdata", data, "--mode", "fast", "--wait", "stop"]);
      keepAsTemplate(data, template);
      start();
    } catch (error) {
      run("pg_ctl", ["--pgdata", data, "--mode", "immediate", "stop"]);
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  let stopped = false;
  return {
    url,
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
