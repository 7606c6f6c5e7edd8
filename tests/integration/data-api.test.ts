// The embedded local data API (scripts/data-api) against plain fetch and supabase-js:
// the same requests the survey makes, the roles' permissions, CORS, migrations and
// the behaviour when PostgREST is down.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signJwt } from "../../scripts/data-api/keys.ts";
import {
  ANON_KEY,
  DEFAULT_MAX_BODY_BYTES,
  JWT_SECRET,
  MigrationError,
  PortInUseError,
  SERVICE_ROLE_KEY,
  startDataApi,
  type DataApi,
} from "../../scripts/data-api/index.ts";

const START_TIMEOUT = 180_000;

const TABLE_SQL = `
create table t (id uuid primary key, x text check (char_length(x) <= 10));
alter table t enable row level security;
-- As on a Supabase project, anon holds every privilege on a new public table until revoked.
revoke all on t from anon, authenticated;
grant insert on t to anon;
create policy anon_insert on t for insert to anon with check (true);
-- What PostgREST received, as a db-pre-request function would see it.
create function request_headers() returns json language sql
  as $$ select current_setting('request.headers', true)::json $$;
grant execute on function request_headers() to anon;
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

async function storedIds(api: DataApi): Promise<string[]> {
  const response = await fetch(`${api.restUrl}/t?select=id`, { headers: { apikey: api.serviceRoleKey } });
  return ((await response.json()) as { id: string }[]).map((row) => row.id);
}

/** The headers PostgREST passed to the database for a request sent from `localAddress`. */
function headersSeenByDatabase(
  api: DataApi,
  localAddress: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${api.restUrl}/rpc/request_headers`,
      {
        method: "POST",
        localAddress,
        headers: { apikey: api.anonKey, "content-type": "application/json", ...extra },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.once("end", () =>
          res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode} ${body}`)),
        );
      },
    );
    req.once("error", reject);
    req.end("{}");
  });
}

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

  test("a request without apikey is refused with 401 before it reaches PostgREST, and nothing is stored", async () => {
    const id = randomUUID();
    const response = await fetch(`${api.restUrl}/t`, {
      method: "POST",
      // A JWT alone is not enough: Supabase's gateway wants the project key too.
      headers: { authorization: `Bearer ${api.anonKey}`, "content-type": "application/json" },
      body: JSON.stringify({ id, x: "nokey" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ message: "No API key found in request" });
    expect(await storedIds(api)).not.toContain(id);
  });

  test.each([
    ["a made-up key", "not-a-key"],
    ["an anon JWT signed with another secret", signJwt({ role: "anon" }, `${JWT_SECRET}-other`)],
    ["a JWT signed with the local secret that is not one of the project keys", signJwt({ role: "anon" })],
  ])("apikey = %s is refused with 401, and nothing is stored", async (_name, key) => {
    const id = randomUUID();
    const response = await insert(api, { id, x: "badkey" }, key);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "Invalid API key" });
    expect(await storedIds(api)).not.toContain(id);
  });

  test("the apikey may be a URL parameter, as Kong's key-auth reads it; PostgREST never sees it", async () => {
    const id = randomUUID();
    expect((await insert(api, { id, x: "param" })).status).toBe(201);
    // Forwarded as is, PostgREST would read ?apikey= as a filter on a column "apikey".
    const response = await fetch(`${api.restUrl}/t?select=id&id=eq.${id}&apikey=${api.serviceRoleKey}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id }]);
  });

  test("a body over the cap is refused with 413 JSON, declared or streamed, and nothing is stored", async () => {
    const id = randomUUID();
    const row = JSON.stringify({ id, x: "big" });
    const oversized = row + " ".repeat(DEFAULT_MAX_BODY_BYTES + 1 - row.length);
    const declared = await fetch(`${api.restUrl}/t`, {
      method: "POST",
      headers: { apikey: api.anonKey, "content-type": "application/json" },
      body: oversized,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ message: expect.stringContaining(`${DEFAULT_MAX_BODY_BYTES} bytes`) });

    // Chunked, with no Content-Length to check up front.
    const streamed = await fetch(`${api.restUrl}/t`, {
      method: "POST",
      headers: { apikey: api.anonKey, "content-type": "application/json" },
      body: new Blob([oversized]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await storedIds(api)).not.toContain(id);
  });

  test("a body of exactly the cap still reaches PostgREST and is stored", async () => {
    const id = randomUUID();
    const row = JSON.stringify({ id, x: "fits" });
    const response = await fetch(`${api.restUrl}/t`, {
      method: "POST",
      headers: { apikey: api.anonKey, "content-type": "application/json", prefer: "return=minimal" },
      body: row + " ".repeat(DEFAULT_MAX_BODY_BYTES - row.length),
    });
    expect(response.status).toBe(201);
    expect(await storedIds(api)).toContain(id);
  });

  test("X-Forwarded-For: the gateway appends the client address; what the client wrote stays on the left", async () => {
    // 127.0.0.0/8 is all loopback on Linux: two source addresses, two clients.
    const forged = await headersSeenByDatabase(api, "127.0.0.2", { "x-forwarded-for": "203.0.113.7" });
    expect(forged["x-forwarded-for"]).toBe("203.0.113.7, 127.0.0.2");
    const plain = await headersSeenByDatabase(api, "127.0.0.3");
    expect(plain["x-forwarded-for"]).toBe("127.0.0.3");
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
