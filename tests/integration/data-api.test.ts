// The embedded local data API (scripts/data-api) against plain fetch and supabase-js:
// the same requests the survey makes, the roles' permissions, CORS and migrations.
// The gateway's guards: data-api-gateway.test.ts; start-up and restarts: data-api-lifecycle.test.ts.
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ANON_KEY, SERVICE_ROLE_KEY, startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { insert, migrationsDir, NoRealtime, selectAll, START_TIMEOUT, TABLE_SQL } from "../support/data-api-table.ts";

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
    // Of Supabase Auth's routes the local gateway answers /auth/v1/user only (the results site's session check).
    const response = await fetch(`${api.url}/auth/v1/token`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toHaveProperty("message");
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
