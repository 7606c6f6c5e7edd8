// npm run team: members added, changed, listed and removed through
// DATABASE_URL and through the service key, and the printed sign-in link's
// session accepted by PostgREST as that member's (results_me).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { teamLinks } from "../../scripts/team/start-links.ts";
import { applyProjectMigrations, postgresBackend, type SqlBackend } from "../support/sql-backends.ts";
import { command } from "./helpers.ts";

// Asynchronous: the data API answering the CLI runs in this process.
const team = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ status: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, command("scripts/team/cli.ts", ...args), { encoding: "utf8", env: { ...process.env, DATABASE_URL: "", SUPABASE_URL: "", ...env } }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, out: stdout.trim(), err: stderr.trim() }),
    );
  });

describe("npm run team", { timeout: 180_000 }, () => {
  let db: SqlBackend;
  let api: DataApi;
  beforeAll(async () => {
    db = await postgresBackend();
    await applyProjectMigrations(db);
    // The data API on the same database: what one path writes the other reads.
    process.env.DATABASE_URL = db.url!;
    try {
      api = await startDataApi({ port: 0, dataDir: null, quiet: true });
    } finally {
      delete process.env.DATABASE_URL;
    }
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await db?.close();
  });

  test("through DATABASE_URL: add, change, list, remove, and a refused role", async () => {
    const env = { DATABASE_URL: db.url! };
    expect((await team(env, "list")).out).toContain("No members yet");
    expect((await team(env, "add", "Dona@Equipe.test", "--role", "owner")).status).toBe(0);
    expect((await team(env, "add", "ana@equipe.test", "--role", "analyst")).status).toBe(0);
    expect((await team(env, "add", "ana@equipe.test", "--role", "analyst", "--personal")).status).toBe(0);
    expect((await team(env, "list")).out).toBe("ana@equipe.test  analyst  + dados pessoais\ndona@equipe.test  owner");
    expect((await team(env, "remove", "ana@equipe.test")).out).toBe("removed: ana@equipe.test");
    expect((await team(env, "remove", "ana@equipe.test")).out).toBe("ana@equipe.test was not a member");
    const refused = await team(env, "add", "x@equipe.test", "--role", "admin");
    expect(refused.status).toBe(2);
    expect(refused.err).toContain("a role is one of viewer, analyst, owner");
  });

  test("through the service key, and the link's session is the member's own to PostgREST", async () => {
    const env = { SUPABASE_URL: api.url, SUPABASE_SERVICE_ROLE_KEY: api.serviceRoleKey };
    const added = await team(env, "add", "vera@equipe.test", "--role", "viewer");
    expect(added.status, added.err).toBe(0);
    expect((await team(env, "list")).out).toBe("dona@equipe.test  owner\nvera@equipe.test  viewer");
    expect((await team(env, "link", "vera@equipe.test")).err).toContain("link is for the local data API");
    expect((await team({ DATABASE_URL: db.url! }, "link", "nobody@equipe.test")).err).toContain("nobody@equipe.test is not a member");
    const printed = await team({ DATABASE_URL: db.url!, PORT: "4999", DATA_API_PORT: new URL(api.url).port }, "link", "vera@equipe.test");
    expect(printed.status, printed.err).toBe(0);
    const url = new URL(printed.out);
    expect(url.origin).toBe("http://localhost:4999");
    expect(url.pathname).toBe("/resultados");
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(Number(fragment.get("expires_in"))).toBeLessThanOrEqual(3600);
    const token = fragment.get("access_token")!;
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    // Issued, as Supabase Auth's tokens say, by the data API's own Auth address: the port it listens on, not always 54321.
    expect(claims).toMatchObject({ email: "vera@equipe.test", role: "authenticated", aal: "aal1", aud: "authenticated", iss: `${api.url}/auth/v1` });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(3600);
    expect(typeof claims.sub).toBe("string");
    expect(typeof claims.session_id).toBe("string");
    const me = await fetch(`${api.restUrl}/rpc/results_me`, { method: "POST", headers: { apikey: api.anonKey, authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" });
    expect(await me.json()).toMatchObject({ email: "vera@equipe.test", role: "viewer", personal: false });
  });

  test("beside a plain npm start (the PGlite data API holding its data directory): add, list and link through it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "team-pglite-"));
    const started = await startDataApi({ port: 0, dataDir, quiet: true });
    try {
      const env = { DATA_API_DATA_DIR: dataDir };
      const added = await team(env, "add", "Dona@Equipe.test", "--role", "owner");
      expect(added.err).toBe("");
      expect(added.status).toBe(0);
      expect((await team(env, "list")).out).toBe("dona@equipe.test  owner");
      const issuer = (link: string) => JSON.parse(Buffer.from(new URLSearchParams(new URL(link).hash.slice(1)).get("access_token")!.split(".")[1]!, "base64url").toString()).iss;
      expect(issuer((await team(env, "link", "dona@equipe.test")).out)).toBe(`${started.url}/auth/v1`);
      // And the links npm start prints.
      const printed = await teamLinks({ url: started.url, serviceKey: started.serviceRoleKey }, "http://localhost:4173");
      expect(issuer(printed.split("\n").find((line) => line.includes("/resultados#"))!.trim())).toBe(`${started.url}/auth/v1`);
    } finally {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
