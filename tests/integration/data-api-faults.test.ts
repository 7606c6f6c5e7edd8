// The local data API under real faults: PostgREST killed with SIGKILL, the data
// API's own process (and npm above it) killed with SIGKILL, a second instance on
// the same data directory. Real processes throughout; pids checked with kill(pid, 0).
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ANON_KEY, SERVICE_ROLE_KEY, startDataApi } from "../../scripts/data-api/index.ts";
import { probePort } from "../../scripts/data-api/ports.ts";
import {
  isRunning,
  killIfRunning,
  npmRun,
  processTree,
  survivors,
  type Spawned,
} from "../support/processes.ts";

// Generous: these start npm, PGlite, PostgREST and Vite on a shared machine.
const SLOW = 300_000;

const TABLE_SQL = `
create table t (id uuid primary key);
alter table t enable row level security;
grant insert on t to anon;
create policy anon_insert on t for insert to anon with check (true);
`;

let migrations: string;
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "data-api-faults-"));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  migrations = await tempDir();
  await writeFile(join(migrations, "20240101000000_t.sql"), TABLE_SQL);
});

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function insert(url: string, id: string = randomUUID()): Promise<Response> {
  return fetch(`${url}/rest/v1/t`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "content-type": "application/json", prefer: "return=minimal" },
    body: JSON.stringify({ id }),
  });
}

async function storedIds(url: string): Promise<Set<string>> {
  const response = await fetch(`${url}/rest/v1/t?select=id`, { headers: { apikey: SERVICE_ROLE_KEY } });
  expect(response.status).toBe(200);
  return new Set(((await response.json()) as { id: string }[]).map((row) => row.id));
}

/** Inserts until the first non-503; returns every status seen, in order. */
async function insertUntilAnswered(url: string, id: string, limitMs = 60_000): Promise<number[]> {
  const statuses: number[] = [];
  const deadline = Date.now() + limitMs;
  for (;;) {
    const { status } = await insert(url, id);
    statuses.push(status);
    if (status !== 503 || Date.now() > deadline) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test(
  "PostgREST killed with SIGKILL: the gateway answers 503, then PostgREST is back and a submission made after recovery is stored",
  async () => {
    const api = await startDataApi({ port: 0, dataDir: null, migrationsDir: migrations, quiet: true });
    try {
      const killed = api.postgrestPid();
      expect(killed).not.toBeNull();
      process.kill(killed!, "SIGKILL");
      expect(await survivors([killed!])).toEqual([]);

      const id = randomUUID();
      const statuses = await insertUntilAnswered(api.url, id);
      // 503 while it restarts, never a 502 or a hang; then the same submission is stored.
      expect(statuses[0]).toBe(503);
      expect(statuses.at(-1)).toBe(201);
      expect(new Set(statuses.slice(0, -1))).toEqual(new Set([503]));
      expect(await storedIds(api.url)).toContain(id);
      expect(api.postgrestPid()).not.toBe(killed);
    } finally {
      await api.stop();
    }
  },
  SLOW,
);

interface Started {
  run: Spawned;
  url: string;
  /** The data API's own process (node), as it reports itself. */
  apiPid: number;
  postgrestPid: number;
}

async function dbStart(dataDir: string): Promise<Started> {
  const run = npmRun("db:start", { DATA_API_PORT: "0", DATA_API_DATA_DIR: dataDir, MIGRATIONS_DIR: migrations });
  try {
    const [, url] = await run.waitFor(/API URL: (\S+)/);
    const [, apiPid] = await run.waitFor(/Ready at \S+ \(pid (\d+)\)/);
    const [, postgrestPid] = await run.waitFor(/PostgREST running \(pid (\d+)\)/);
    return { run, url: url!, apiPid: Number(apiPid), postgrestPid: Number(postgrestPid) };
  } catch (error) {
    killIfRunning(run.child.pid);
    throw error;
  }
}

describe("npm run db:start as a real process", () => {
  const started: Started[] = [];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await tempDir();
  });

  afterAll(() => {
    for (const { run, apiPid, postgrestPid } of started) {
      for (const pid of [run.child.pid, apiPid, postgrestPid]) killIfRunning(pid);
    }
  });

  test(
    "a PostgREST killed with SIGKILL is logged and restarted",
    async () => {
      const api = await dbStart(dataDir);
      started.push(api);
      const from = api.run.output().length;
      process.kill(api.postgrestPid, "SIGKILL");
      await api.run.waitFor(
        new RegExp(`PostgREST \\(pid ${api.postgrestPid}\\) exited with SIGKILL; restarting it in \\d+ ms`),
        from,
      );
      const [, restarted] = await api.run.waitFor(/PostgREST running \(pid (\d+)\)/, from);
      expect(isRunning(Number(restarted))).toBe(true);
      api.postgrestPid = Number(restarted);
      expect((await insert(api.url)).status).toBe(201);
    },
    SLOW,
  );

  test(
    "a second instance on the same data directory exits with a message naming the first",
    async () => {
      const [first] = started;
      expect(first).toBeDefined();
      const second = npmRun("db:start", { DATA_API_PORT: "0", DATA_API_DATA_DIR: dataDir, MIGRATIONS_DIR: migrations });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `The data directory ${dataDir} is already in use by another process (pid ${first!.apiPid})`,
      );
      // The first one is unharmed.
      expect((await insert(first!.url)).status).toBe(201);
    },
    SLOW,
  );

  test(
    "the data API's process killed with SIGKILL while rows are written: PostgREST goes with it, and every acknowledged row is there after a restart",
    async () => {
      const api = started[0]!;
      const acknowledged: string[] = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const id = randomUUID();
          const response = await insert(api.url, id).catch(() => null);
          if (response?.status === 201) acknowledged.push(id);
          else await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
      process.kill(api.apiPid, "SIGKILL");
      expect(await survivors([api.apiPid, api.postgrestPid, api.run.child.pid!])).toEqual([]);
      writing = false;
      await writer;

      const again = await dbStart(dataDir);
      started.push(again);
      const stored = await storedIds(again.url);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    },
    SLOW,
  );

  test(
    "npm itself killed with SIGKILL: the data API and PostgREST stop too",
    async () => {
      const api = started.at(-1)!;
      process.kill(api.run.child.pid!, "SIGKILL");
      expect(await survivors([api.apiPid, api.postgrestPid])).toEqual([]);
    },
    SLOW,
  );
});

test(
  "npm start killed with SIGKILL: no process of ours remains, and the next npm start serves the same data",
  async () => {
    const dataDir = await tempDir();
    const env = async () => ({
      PORT: String(await probePort(0)),
      DIST_DIR: join(await tempDir(), "dist"),
      DATA_API_PORT: "0",
      DATA_API_DATA_DIR: dataDir,
      MIGRATIONS_DIR: migrations,
    });
    const start = async () => {
      const run = npmRun("start", await env());
      const [, url, apiPid] = await run.waitFor(/Ready at (\S+) \(pid (\d+)\)/);
      const [, postgrestPid] = await run.waitFor(/PostgREST running \(pid (\d+)\)/);
      await run.waitFor(/The survey is served at/);
      const pids = processTree(run.child.pid!);
      // npm, the node process it runs, and PostgREST under that.
      expect(pids).toEqual(expect.arrayContaining([Number(apiPid), Number(postgrestPid)]));
      return { run, url: url!, pids };
    };

    const first = await start();
    try {
      const id = randomUUID();
      expect((await insert(first.url, id)).status).toBe(201);
      process.kill(first.run.child.pid!, "SIGKILL");
      expect(await survivors(first.pids)).toEqual([]);

      const second = await start();
      try {
        expect(await storedIds(second.url)).toContain(id);
      } finally {
        second.run.child.kill("SIGINT");
        expect(await survivors(second.pids)).toEqual([]);
      }
    } finally {
      first.pids.forEach(killIfRunning);
    }
  },
  SLOW,
);

test(
  "npm run dev: the data API's process killed with SIGKILL takes PostgREST and Vite with it",
  async () => {
    const run = npmRun(
      "dev",
      { DATA_API_PORT: "0", DATA_API_DATA_DIR: await tempDir(), MIGRATIONS_DIR: migrations },
      ["--port", String(await probePort(0)), "--strictPort"],
    );
    let pids: number[] = [];
    try {
      const [, apiPid] = await run.waitFor(/Ready at \S+ \(pid (\d+)\)/);
      await run.waitFor(/Local:\s+http/);
      pids = processTree(Number(apiPid));
      // node, PostgREST, Vite, and whatever Vite starts.
      expect(pids.length).toBeGreaterThanOrEqual(3);
      process.kill(Number(apiPid), "SIGKILL");
      expect(await survivors([...pids, run.child.pid!])).toEqual([]);
    } finally {
      [run.child.pid, ...pids].forEach(killIfRunning);
    }
  },
  SLOW,
);
