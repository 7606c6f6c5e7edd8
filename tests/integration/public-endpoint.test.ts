// What the public anon key can do against the real local data API (PostgREST on
// PGlite with the generated migrations): store one valid response per request,
// at a bounded rate, and nothing else. Each probe is what an attacker sent in
// the issue; each must be refused with nothing stored.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { DEFAULT_WRITES_PER_MINUTE } from "../../scripts/sql/api-guard-sql.ts";
import type { Row } from "../../src/core/to-row.ts";
import { SHIPPED_SURVEYS, shippedSurvey, validRow } from "../support/survey-rows.ts";

const foreign = shippedSurvey("foreign-form");
let api: DataApi;

beforeAll(async () => {
  api = await startDataApi({ port: 0, dataDir: null, quiet: true });
}, 90_000);
afterAll(() => api?.stop());

interface Answer {
  status: number;
  body: string;
}

/**
 * A request from a given loopback address (127.0.0.0/8 all reach this machine),
 * so that the gateway, as a trusted proxy, appends a different client address.
 */
function send(method: string, path: string, body: unknown, { from = "127.0.0.1", key = api.anonKey, headers = {} as Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(`${api.restUrl}/${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress: from, headers: { apikey: key, "content-type": "application/json", prefer: "return=minimal", ...headers } },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.once("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function stored(table: string, ids: string[]): Promise<Record<string, unknown>[]> {
  const answer = await send("GET", `${table}?select=*&id=in.(${ids.join(",")})`, undefined, { key: api.serviceRoleKey });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body);
}

const withChange = (change: Record<string, unknown>) => ({ ...validRow(foreign), ...change }) as Row;

describe.each(SHIPPED_SURVEYS)("a valid response to %s", (id) => {
  test("is stored, with the server's time", async () => {
    const config = shippedSurvey(id);
    const row = validRow(config);
    const answer = await send("POST", config.table, row);
    expect(answer.status).toBe(201);
    const [saved] = await stored(config.table, [row.id]);
    expect(saved).toMatchObject(row);
    expect(Math.abs(Date.parse(saved!.created_at as string) - Date.now())).toBeLessThan(60_000);
  });
});

describe(`probes against ${foreign.table}`, () => {
  const [radio, checkbox, required] = ["genero", "redes_sociais", "nome_completo"];
  test.each([
    ["a radio value that is not an option", { [radio!]: "Marciano" }],
    ["a checkbox entry that is a spreadsheet formula", { [checkbox!]: ['=HYPERLINK("http://evil.example","clic")'] }],
    ["an empty required text", { [required!]: "" }],
    ["a required text of spaces", { [required!]: "   \t " }],
    ["an empty list for a required checkbox question", { [checkbox!]: [] }],
    ["a two-dimensional list", { [checkbox!]: [["Instagram"], ["TikTok"]] }],
    ["a list of nulls", { [checkbox!]: [null, null] }],
    ["an 'other' text without its option", { genero_outro: "Texto libre" }],
    ["a slider value off its range", { influencia_online: 99 }],
    ["a text over 2000 characters", { [required!]: "a".repeat(2001) }],
    ["a filled honeypot field (only bots fill it)", { website: "http://spam.example" }],
  ])("%s is refused (400) and nothing is stored", async (_, change) => {
    const row = withChange(change);
    const answer = await send("POST", foreign.table, row);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "23514" });
    expect(await stored(foreign.table, [row.id])).toEqual([]);
  });

  test.each(["1999-01-01T00:00:00Z", "2099-01-01T00:00:00Z"])("a created_at of %s is refused: the server sets it", async (createdAt) => {
    const row = withChange({ created_at: createdAt });
    const answer = await send("POST", foreign.table, row);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "22023", message: "created_at is set by the server" });
    expect(await stored(foreign.table, [row.id])).toEqual([]);
  });

  test("several responses in one request are refused, and none of them is stored", async () => {
    const rows = [validRow(foreign), validRow(foreign), validRow(foreign)];
    const answer = await send("POST", foreign.table, rows);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "22023", message: "one response per request: this request inserts 3 rows" });
    expect(await stored(foreign.table, rows.map((row) => row.id))).toEqual([]);
  });

  test("the guard's functions are not callable through the API", async () => {
    expect((await send("POST", "rpc/check_request", {})).status).toBe(404);
    const privateSchema = await send("POST", "rpc/check_request", {}, { headers: { "content-profile": "survey_private" } });
    expect(privateSchema.status).toBe(406);
  });
});

/**
 * The guard counts writes in fixed minutes (date_trunc('minute', now())): a
 * flood that straddles two of them may stay under the limit in each. Waits,
 * when less than half of this minute is left, for the next one to begin.
 */
async function earlyInAMinute(): Promise<void> {
  const now = new Date();
  const second = now.getSeconds() + now.getMilliseconds() / 1000;
  if (second > 30) await new Promise((resolve) => setTimeout(resolve, (60 - second) * 1000 + 100));
}

describe("the rate limit per client address", () => {
  test(`300 rapid inserts from one address: the first ${DEFAULT_WRITES_PER_MINUTE} pass, the rest get 429, and another address is unaffected`, async () => {
    const rows = Array.from({ length: 300 }, () => validRow(foreign));
    // Sent ten at a time, as a flood would be; a minute boundary in the middle would only let more through.
    const answers: Answer[] = [];
    for (let i = 0; i < rows.length; i += 10) {
      answers.push(...(await Promise.all(rows.slice(i, i + 10).map((row) => send("POST", foreign.table, row, { from: "127.0.0.2" })))));
    }
    const accepted = rows.filter((_, i) => answers[i]!.status === 201).map((row) => row.id);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(accepted.length + limited.length).toBe(300);
    expect(accepted.length).toBeGreaterThanOrEqual(DEFAULT_WRITES_PER_MINUTE);
    expect(accepted.length).toBeLessThanOrEqual(2 * DEFAULT_WRITES_PER_MINUTE);
    expect(answers.slice(0, DEFAULT_WRITES_PER_MINUTE).every((answer) => answer.status === 201)).toBe(true);
    expect(JSON.parse(limited[0]!.body)).toMatchObject({ message: "Too many requests from this address; try again in a minute." });
    // Every 201 is a stored row, and nothing refused was stored.
    const saved = await stored(foreign.table, rows.map((row) => row.id));
    expect(saved.map((row) => row.id).sort()).toEqual([...accepted].sort());

    const other = validRow(foreign);
    expect((await send("POST", foreign.table, other, { from: "127.0.0.3" })).status).toBe(201);
  }, 60_000);

  test("what the client writes into X-Forwarded-For does not choose its bucket", async () => {
    await earlyInAMinute();
    const answers: number[] = [];
    for (let i = 0; i < DEFAULT_WRITES_PER_MINUTE + 5; i++) {
      answers.push((await send("POST", foreign.table, validRow(foreign), { from: "127.0.0.4", headers: { "x-forwarded-for": `198.51.100.${i % 250}` } })).status);
    }
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
  }, 90_000);
});

describe.each(SHIPPED_SURVEYS)("the anon key on %s's own stored row", (id) => {
  const config = shippedSurvey(id);
  const row = validRow(config);
  beforeAll(async () => {
    expect((await send("POST", config.table, row)).status).toBe(201);
  });

  test.each([
    ["SELECT", "GET", undefined],
    ["UPDATE", "PATCH", { created_at: "2000-01-01T00:00:00Z" }],
    ["DELETE", "DELETE", undefined],
  ])("%s is refused with HTTP 401 and SQLSTATE 42501, and the row is unchanged", async (_, method, body) => {
    const answer = await send(method, `${config.table}?id=eq.${row.id}`, body);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "42501", message: `permission denied for table ${config.table}` });
    const [saved] = await stored(config.table, [row.id]);
    expect(saved).toMatchObject(row);
  });
});
