// The gateway in front of PostgREST, as Supabase's behaves where it matters for
// safety: the project key, the body cap, X-Forwarded-For, an idle connection
// kept longer than a client's stall, and a 503 while PostgREST is down.
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signJwt } from "../../scripts/data-api/keys.ts";
import { DEFAULT_MAX_BODY_BYTES, JWT_SECRET, startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { headersSeenByDatabase, insert, migrationsDir, START_TIMEOUT, storedIds, TABLE_SQL } from "../support/data-api-table.ts";

describe("the data API's gateway", () => {
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

  // Not Supabase Auth: the one route supabase-js calls when it reads a local sign-in link (scripts/data-api/local-auth-user.ts).
  test("GET /auth/v1/user describes the user of a token signed with the local secret, and refuses another secret, an expired token and anon", async () => {
    const user = (token: string) => fetch(`${api.url}/auth/v1/user`, { headers: { apikey: api.anonKey, authorization: `Bearer ${token}` } });
    const good = await user(localAccessToken("Ana@Equipe.test"));
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ email: "ana@equipe.test", aud: "authenticated", role: "authenticated" });
    for (const token of [localAccessToken("ana@equipe.test", { secret: "another-secret-with-at-least-32-characters" }), localAccessToken("ana@equipe.test", { expiresIn: -10 }), api.anonKey]) {
      expect((await user(token)).status).toBe(403);
    }
    expect((await fetch(`${api.url}/auth/v1/token?grant_type=refresh_token`, { method: "POST", headers: { apikey: api.anonKey } })).status).toBe(404);
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

  test("an idle kept connection stays open past Node's 5 s: a client that stalled longer does not send on a closed one", async () => {
    // A Node client (the report, the worker) busy for more than the server's idle time sends its next request on the
    // connection the server closed meanwhile, and fetch fails with UND_ERR_SOCKET: seen in a full run.
    const { hostname, port } = new URL(api.url);
    const socket = connect(Number(port), hostname);
    let closedAfterMs: number | null = null;
    const answered = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(String(chunk))));
    socket.on("end", () => (closedAfterMs = Date.now() - sentAt));
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /rest/v1/t?select=id&limit=1 HTTP/1.1\r\nHost: ${hostname}\r\napikey: ${api.serviceRoleKey}\r\n\r\n`);
    const sentAt = Date.now();
    const head = await answered;
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/^keep-alive: timeout=60\r?$/im);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(closedAfterMs, "the gateway closed the idle connection").toBeNull();
    socket.destroy();
  }, 30_000);

  test("with PostgREST stopped the gateway answers 503, and recovers when it starts", async () => {
    await api.stopPostgrest();
    const down = await insert(api, { id: randomUUID(), x: "down" });
    expect(down.status).toBe(503);
    expect(await down.json()).toHaveProperty("message");

    await api.startPostgrest();
    expect((await insert(api, { id: randomUUID(), x: "up" })).status).toBe(201);
  });
});
