// The embedded local data API (scripts/data-api) against plain fetch and supabase-js:
// the same requests the survey makes, the roles' permissions, CORS, migrations and
// the behaviour when PostgREST is down.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ANON_KEY,
  MigrationError,
  PortInUseError,
  SERVICE_ROLE_KEY,
  startDataApi,
  type DataApi,
} from "../../scripts/data-api/index.ts";

const START_TIMEOUT = 60_000;

const TABLE_SQL = `
create table t (id uuid primary key, x text check (char_length(x) <= 10));
alter table t enable row level security;
-- As on a Supabase project, anon holds every privilege on a new public table until revoked.
revoke all on t from anon, authenticated;
grant insert on t to anon;
create policy anon_insert on t for insert to anon with check (true);
`;

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "data-api-test-"));
}

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await tempDir();
  for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
  return dir;
}

function insert(api: DataApi, row: object, key = api.anonKey): Promise<Response> {
  return fetch(`${api.restUrl}/t`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json", prefer: "return=minimal" },
    body: JSON.stringify(row),
  });
}

class NoRealtime {
  constructor() {
    throw new Error("Realtime is not part of the local data API");
  }
}

const selectAll = (api: DataApi, table: string, key: string) =>
  fetch(`${api.restUrl}/${table}?select=*`, { headers: { apikey: key } });

test("the keys are the Supabase CLI's well-known demo keys", () => {
  expect(ANON_KEY).toBe(
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0",
  );
  expect(SERVICE_ROLE_KEY).toBe(
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU",
  );
});

describe("in-memory data API", () => {
  let api: DataApi;
  let migrations: string;

  beforeAll(async () => {
    migrations = await migrationsDir({ "20240101000000_t.sql": TABLE_SQL });
    api = await startDataApi({ port: 0, dataDir: null, migrationsDir: migrations, quiet: true });
  }, START_TIMEOUT);

  afterAll(async () => {
    await api?.stop();
    await rm(migrations, { recursive: true, force: true });
  });

  test("anon may insert with return=minimal, and the row is stored", async () => {
    const id = randomUUID();
    const response = await insert(api, { id, x: "hello" });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("");

    const read = await selectAll(api, "t", api.serviceRoleKey);
    expect(read.status).toBe(200);
    expect(await read.json()).toContainEqual({ id, x: "hello" });
  });

  test("anon may not read", async () => {
    const response = await selectAll(api, "t", api.anonKey);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "42501" });
  });

  test("a CHECK violation is a 400 with the Postgres code", async () => {
    const response = await insert(api, { id: randomUUID(), x: "far more than ten" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "23514" });
  });

  test("a repeated id is a 409 unique violation, so a retry never stores two rows", async () => {
    const id = randomUUID();
    expect((await insert(api, { id, x: "once" })).status).toBe(201);
    const again = await insert(api, { id, x: "once" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "23505" });
  });

  test("supabase-js inserts through the gateway", async () => {
    const supabase = createClient(api.url, api.anonKey, {
      auth: { persistSession: false },
      // Node 20 has no global WebSocket, which createClient demands for Realtime;
      // nothing here uses Realtime, so its transport is never constructed.
      realtime: { transport: NoRealtime as never },
    });
    const { error, status } = await supabase.from("t").insert({ id: randomUUID(), x: "js" });
    expect(error).toBeNull();
    expect(status).toBe(201);
  });

  test("CORS: preflight is answered and responses carry the headers", async () => {
    const preflight = await fetch(`${api.restUrl}/t`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers":
          "apikey, authorization, content-type, prefer, x-client-info",
      },
    });
    expect(preflight.ok).toBe(true);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = preflight.headers.get("access-control-allow-headers")?.split(/,\s*/) ?? [];
    for (const name of [
      "authorization",
      "apikey",
      "content-type",
      "prefer",
      "x-client-info",
      "range",
    ]) {
      expect(allowed).toContain(name);
    }
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");

    const response = await selectAll(api, "t", api.serviceRoleKey);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("Content-Range");
  });

  test("unknown paths are a 404 JSON", async () => {
    const response = await fetch(`${api.url}/auth/v1/user`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toHaveProperty("message");
  });

  test("with PostgREST stopped the gateway answers 503, and recovers when it starts", async () => {
    await api.stopPostgrest();
    const down = await insert(api, { id: randomUUID(), x: "down" });
    expect(down.status).toBe(503);
    expect(await down.json()).toHaveProperty("message");

    await api.startPostgrest();
    expect((await insert(api, { id: randomUUID(), x: "up" })).status).toBe(201);
  });

  test("migrate() applies a new file and PostgREST sees the new table", async () => {
    await writeFile(
      join(migrations, "20240102000000_u.sql"),
      "create table u (n int); insert into u values (7);",
    );
    const applied = await api.migrate();
    expect(applied.map((migration) => migration.file)).toEqual(["20240102000000_u.sql"]);
    const response = await selectAll(api, "u", api.serviceRoleKey);
    expect(await response.json()).toEqual([{ n: 7 }]);
  });
});

describe("migrations on a data dir", () => {
  let dataDir: string;
  let migrations: string;

  beforeAll(async () => {
    dataDir = await tempDir();
    // Every application adds a row, so a second application would show.
    migrations = await migrationsDir({
      "20240101000000_counter.sql":
        "create table if not exists counter (n int); insert into counter values (1);",
    });
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(migrations, { recursive: true, force: true });
  });

  test(
    "are applied once: a restart on the same data dir does not re-apply them",
    async () => {
      for (let start = 0; start < 2; start++) {
        const api = await startDataApi({
          port: 0,
          dataDir,
          migrationsDir: migrations,
          quiet: true,
        });
        try {
          const response = await selectAll(api, "counter", api.serviceRoleKey);
          expect(await response.json()).toEqual([{ n: 1 }]);
        } finally {
          await api.stop();
        }
      }
    },
    START_TIMEOUT,
  );
});

describe("start-up failures", () => {
  test(
    "a failing migration names the file and the Postgres error",
    async () => {
      const migrations = await migrationsDir({
        "20240101000000_ok.sql": "create table ok (n int);",
        "20240102000000_broken.sql": "create table broken (n int);\nselect missing from ok;",
      });
      try {
        const start = startDataApi({
          port: 0,
          dataDir: null,
          migrationsDir: migrations,
          quiet: true,
        });
        await expect(start).rejects.toBeInstanceOf(MigrationError);
        await expect(start).rejects.toThrow(
          /20240102000000_broken\.sql[\s\S]*column "missing" does not exist/,
        );
      } finally {
        await rm(migrations, { recursive: true, force: true });
      }
    },
    START_TIMEOUT,
  );

  test("a taken port is a PortInUseError with a clear message", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const start = startDataApi({ port, dataDir: null, quiet: true });
      await expect(start).rejects.toBeInstanceOf(PortInUseError);
      await expect(start).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });
});
