/**
 * One response per person and the bot check through the real PostgREST (the
 * local data API), on PGlite and on PostgreSQL 15, with the public anon key
 * as the page sends: what the database refuses comes back as an error the
 * page reads as the right notice (onceRefusalOf), and nothing is stored.
 */
import { versionedRows } from "../support/versioned-rows.ts";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DataApi } from "../../scripts/data-api/index.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { ONCE_ERROR_CODES, onceRefusalOf } from "../../src/core/once.ts";
import pg from "pg";
import { createLinks, LinksError } from "../../scripts/links/create-links.ts";
import { solveAltcha } from "../support/altcha.ts";
import { API_BACKENDS, startDataApiOn, type DataApiOn } from "../support/data-api-on.ts";
import { onceSurveys } from "../support/once-surveys.ts";

const answers = { nome_completo: "Ana", opinion: "Sí" };

interface Answer {
  status: number;
  body: { code?: string; details?: string; message?: string } & Record<string, unknown>;
}

describe.each(API_BACKENDS)("one response per person through PostgREST on %s", (backend) => {
  let api: DataApi;
  let stack: DataApiOn;
  const migrations = mkdtempSync(join(tmpdir(), "once-api-migrations-"));

  beforeAll(async () => {
    for (const { name, content } of planMigrations(onceSurveys(), emptyDbState()).migrations) writeFileSync(join(migrations, name), content);
    stack = await startDataApiOn(backend, migrations);
    api = stack.api;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(migrations, { recursive: true, force: true });
  });

  async function send(path: string, body: unknown, key = api.anonKey): Promise<Answer> {
    const response = await fetch(`${api.restUrl}/${path}`, {
      method: "POST",
      headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json", prefer: "return=minimal" },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    // No answer at all (a connection reset under a burst): status 0, which the page waits out and sends again.
    if (!response) return { status: 0, body: {} };
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }
  const stamp = versionedRows(onceSurveys().map(({ config }) => config));
  const insert = (table: string, row: Record<string, unknown>) => send(table, stamp(table, { id: randomUUID(), ...row }));
  const stored = async (table: string) => {
    const response = await fetch(`${api.restUrl}/${table}?select=id`, { headers: { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}` } });
    return ((await response.json()) as unknown[]).length;
  };
  const mint = async (table: string, n: number): Promise<string[]> => {
    const { psql } = await import("../../scripts/data-api/psql.ts");
    const output = await psql(api.dbUrl, ["--tuples-only", "--no-align", "--command", `select survey_private.mint_links('${table}', ${n})`]);
    return output.trim().split("\n");
  };

  test("browser: the second response from the same browser is refused as already answered", async () => {
    const once_key = randomUUID();
    expect((await insert("una_vez_navegador", { ...answers, once_key })).status).toBe(201);
    const second = await insert("una_vez_navegador", { ...answers, once_key });
    expect(second.status).toBe(400);
    expect(onceRefusalOf({ oncePer: "browser" }, second.body)).toBe("answered");
    expect(await stored("una_vez_navegador")).toBe(1);
  });

  test("a retry of a stored response (same id) still reads as stored, not as answered twice", async () => {
    const row = stamp("una_vez_navegador", { id: randomUUID(), ...answers, once_key: randomUUID() });
    expect((await send("una_vez_navegador", row)).status).toBe(201);
    const retry = await send("una_vez_navegador", row);
    expect(retry.status).toBe(409);
    expect(onceRefusalOf({ oncePer: "browser" }, retry.body)).toBeUndefined();
  });

  test("link: 200 concurrent submissions with one token store exactly 1", async () => {
    const [token] = await mint("una_vez_enlace", 1);
    const answered = await Promise.all(Array.from({ length: 200 }, () => insert("una_vez_enlace", { ...answers, once_key: token })));
    expect(answered.filter((answer) => answer.status === 201)).toHaveLength(1);
    // Refused as answered, or (two in the same instant) by the unique index, which the page reads as stored: one response with that link is.
    // Under the burst PostgREST may give up waiting for a connection (504; PGlite is one session) or a connection may
    // be reset (0): the page sends those again, and the retry is refused as answered.
    const refused = answered.filter((answer) => onceRefusalOf({ oncePer: "link" }, answer.body) === "answered" || answer.body.code === "23505");
    const waitedOut = answered.filter((answer) => answer.status === 504 || answer.status === 0);
    expect(refused.length + waitedOut.length).toBe(199);
    expect(refused.length).toBeGreaterThan(0);
    expect(await stored("una_vez_enlace")).toBe(1);
  }, 120_000);

  test("link: an unknown or forged token is refused as not a valid link", async () => {
    const [token] = await mint("una_vez_enlace", 1);
    const forged = `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`;
    for (const once_key of [forged, "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const answer = await insert("una_vez_enlace", { ...answers, once_key });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(ONCE_ERROR_CODES.linkInvalid);
      expect(onceRefusalOf({ oncePer: "link" }, answer.body)).toBe("linkInvalid");
    }
  });

  test("npm run links: the CSV's addresses each store one response, once", async () => {
    const surveys = onceSurveys().map(({ config }) => config);
    const client = new pg.Client({ connectionString: api.dbUrl });
    await client.connect();
    const out = join(migrations, "links.csv");
    try {
      await expect(createLinks(client, surveys.find((config) => config.id === "once-browser")!, 3, "https://x.example", out)).rejects.toBeInstanceOf(LinksError);
      await createLinks(client, surveys.find((config) => config.id === "once-link")!, 3, "https://encuesta.example/", out);
    } finally {
      await client.end();
    }
    const [header, ...links] = readFileSync(out, "utf8").trim().split("\n");
    expect(header).toBe("link");
    expect(links).toHaveLength(3);
    for (const link of links) {
      const url = new URL(link);
      expect(`${url.origin}${url.pathname}`).toBe("https://encuesta.example/enlace");
      const once_key = url.searchParams.get("k")!;
      expect((await insert("una_vez_enlace", { ...answers, once_key })).status).toBe(201);
      expect(onceRefusalOf({ oncePer: "link" }, (await insert("una_vez_enlace", { ...answers, once_key })).body)).toBe("answered");
    }
  });

  test("field: the same e-mail in another case is refused as taken", async () => {
    expect((await insert("una_vez_correo", { correo: "maria@example.com", opinion: "Sí" })).status).toBe(201);
    const again = await insert("una_vez_correo", { correo: "MARIA@example.com", opinion: "No" });
    expect(onceRefusalOf({ oncePer: "field" }, again.body)).toBe("fieldTaken");
    expect(await stored("una_vez_correo")).toBe(1);
  });

  test("bot check: the public key gets a challenge; its solution stores one response, used again it is refused", async () => {
    const challenge = await send("rpc/altcha_challenge", {});
    expect(challenge.status).toBe(200);
    const altcha = await solveAltcha(challenge.body);
    expect((await insert("sin_bots", { ...answers, altcha })).status).toBe(201);
    const reused = await insert("sin_bots", { ...answers, altcha });
    expect(reused.status).toBe(400);
    expect(onceRefusalOf({}, reused.body)).toBe("botCheckFailed");
    expect(await stored("sin_bots")).toBe(1);
  }, 60_000);

  test("bot check: 1,000 scripted submissions without a valid solution store nothing", async () => {
    const before = await stored("sin_bots");
    const statuses: number[] = [];
    for (let batch = 0; batch < 50; batch++) {
      const answered = await Promise.all(Array.from({ length: 20 }, (_, i) => insert("sin_bots", i % 2 ? answers : { ...answers, altcha: Buffer.from(`{"n":${i}}`).toString("base64") })));
      statuses.push(...answered.map((answer) => answer.status));
    }
    expect(statuses).toHaveLength(1000);
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(await stored("sin_bots")).toBe(before);
  }, 300_000);
});
