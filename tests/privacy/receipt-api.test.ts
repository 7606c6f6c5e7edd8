/**
 * Receipts, as the database enforces them (scripts/sql/receipt-sql.ts),
 * through the real PostgREST on PGlite and on PostgreSQL 15, as the public
 * anon key calls them: only the code's hash is stored; the code reads the
 * stored row back; a wrong code and a deleted response get the same answer;
 * the delete removes the row, its visit's events and its share of the
 * report's numbers (which equal a recount afterwards); a flood of 1,000
 * guessed codes from one address within a minute is refused by the API
 * guard's rate limit on look-ups (tests/privacy/rate-limit-kinds.test.ts
 * has the look-ups by GET and the other kinds); a partial response gets its receipt with its final save.
 */
import { servedSurvey } from "../support/versioned-rows.ts";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readNumbers } from "../../scripts/report/read-numbers.ts";
import { DEFAULT_GUESSES_PER_MINUTE } from "../../scripts/sql/api-guard-sql.ts";
import { numbersRequest, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import type { Answers } from "../../src/core/answers.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { partialFunctionName } from "../../src/core/partial-response.ts";
import { groupedReceiptCode, newReceiptCode, RECEIPT_COLUMN, receiptFunctionName } from "../../src/core/receipt.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { API_BACKENDS, rest, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";

const DIR = "tests/fixtures/surveys/receipt";
const load = (name: string) => servedSurvey(JSON.parse(readFileSync(`${DIR}/${name}.json`, "utf8")) as SurveyConfig);
const survey = load("receipt-poll");
const partial = load("receipt-partial");
const sha256 = async (text: string) => Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).toString("hex");

describe.each(API_BACKENDS)("receipts on %s", (backend) => {
  let stack: FixtureApi;
  let sql: pg.Client;
  const kept = { code: newReceiptCode(), row: {} as Row };
  const deleted = { code: newReceiptCode(), row: {} as Row };

  /** A response with its visit's four events, as the page sends them. */
  async function respond(code: string, nombre: string, etapa: string): Promise<Row> {
    const answers = { ...openingAnswers(survey, "", crypto.randomUUID()), nombre, etapa, etapaOtra: etapa === "Otra" ? "Residencia" : "", redes: ["TikTok"], [RECEIPT_COLUMN]: code };
    const row = toRow(survey, answers, crypto.randomUUID());
    const event = (step: string, questionId: string | null = null) => ({ visit_id: row.visit_id, survey_id: survey.id, step, question_id: questionId, hidden: {} });
    for (const body of [event("opened"), event("reached", "nombre"), event("reached", "etapa"), event("submitted")]) expect((await rest(stack.api, "POST", "visit_events", body)).status).toBe(201);
    expect((await rest(stack.api, "POST", survey.table, row)).status).toBe(201);
    return row;
  }

  beforeAll(async () => {
    stack = await startFixtureApi(DIR, backend);
    sql = new pg.Client({ connectionString: stack.databaseUrl ?? stack.api.dbUrl });
    await sql.connect();
    kept.row = await respond(kept.code, "Ana", "Estudiando");
    deleted.row = await respond(deleted.code, "Bruno", "Otra");
    await respond(newReceiptCode(), "Carla", "Revalidando");
  }, 300_000);
  afterAll(async () => {
    await sql?.end();
    await stack?.stop();
  });

  const call = (verb: "read" | "delete", code: string) => rest(stack.api, "POST", `rpc/${receiptFunctionName(survey.table, verb)}`, { code }, { headers: { prefer: "" } });
  const stored = async (id: string) => (await sql.query(`select to_jsonb(r) as row from public.${survey.table} r where id = $1`, [id])).rows[0]?.row ?? null;
  const count = async (table: string, where = "true", params: unknown[] = []) => Number((await sql.query(`select count(*) from public.${table} where ${where}`, params)).rows[0].count);

  async function expectReportEqualsRecount(responses: number, visits: number) {
    const data = { url: stack.api.url, serviceKey: stack.api.serviceRoleKey };
    const request = numbersRequest(survey, { where: {} }, "UTC");
    const { path: tallied, ...fromTallies } = await readNumbers(data, request);
    const { path: scanned, ...recounted } = await readNumbers(data, { ...request, path: "scan" });
    expect([tallied, scanned]).toEqual(["tallies", "scan: asked for"]);
    expect(fromTallies).toEqual(recounted);
    expect(fromTallies.responses.responses).toBe(responses);
    expect((fromTallies as SqlNumbers).visits.visits).toBe(visits);
  }

  test("the database stores the code's hash only, never the code", async () => {
    const row = await stored(kept.row.id);
    expect(row[RECEIPT_COLUMN]).toBe(await sha256(`receipt|${kept.code}`));
    const everything = (await sql.query(`select string_agg(to_jsonb(r)::text, '') as text from public.${survey.table} r`)).rows[0].text as string;
    expect(everything).not.toContain(kept.code);
    expect(everything).not.toContain(deleted.code);
  });

  test("a response whose receipt is not a code is refused, and nothing is stored", async () => {
    const row = { ...kept.row, id: crypto.randomUUID(), [RECEIPT_COLUMN]: "not-a-code" };
    expect((await rest(stack.api, "POST", survey.table, row)).status).toBe(400);
    expect(await stored(row.id)).toBeNull();
  });

  test("the code, however typed, reads back exactly the stored row", async () => {
    const typed = groupedReceiptCode(kept.code).toLowerCase().replace(/-/g, " ");
    const answer = await call("read", typed);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(await stored(kept.row.id));
    expect(answer.body).toMatchObject({ nombre: "Ana", etapa: "Estudiando", redes: ["TikTok"] });
  });

  test("deleting removes the row, its visit's events and its share of the tallies; other responses stay", async () => {
    await expectReportEqualsRecount(3, 3);
    const numbers = () => readNumbers({ url: stack.api.url, serviceKey: stack.api.serviceRoleKey }, numbersRequest(survey, { where: {} }, "UTC"));
    expect(JSON.stringify((await numbers()).responses)).toContain("Residencia");
    expect(await count("visit_events", "visit_id::text = $1", [deleted.row.visit_id])).toBe(4);
    const answer = await call("delete", groupedReceiptCode(deleted.code));
    expect([answer.status, answer.body]).toEqual([200, true]);
    expect(await stored(deleted.row.id)).toBeNull();
    expect(await count("visit_events", "visit_id::text = $1", [deleted.row.visit_id])).toBe(0);
    expect(await count("visit_events")).toBe(8);
    expect(await count(survey.table)).toBe(2);
    await expectReportEqualsRecount(2, 2);
    // The 'Otra' answer and its companion text were only in the deleted response: the report's numbers no longer hold them.
    expect(JSON.stringify((await numbers()).responses)).not.toContain("Residencia");
  });

  test("a deleted response's code and a wrong code get exactly the same answers", async () => {
    const wrong = newReceiptCode();
    const [readDeleted, readWrong, readMalformed] = [await call("read", deleted.code), await call("read", wrong), await call("read", "1234")];
    expect(readDeleted).toEqual({ status: 200, body: null });
    expect(readWrong).toEqual(readDeleted);
    expect(readMalformed).toEqual(readDeleted);
    const [deleteDeleted, deleteWrong] = [await call("delete", deleted.code), await call("delete", wrong)];
    expect(deleteDeleted).toEqual({ status: 200, body: false });
    expect(deleteWrong).toEqual(deleteDeleted);
    expect(await count(survey.table)).toBe(2);
  });

  test("the public key reads no row of the table and no hash directly", async () => {
    const answer = await rest(stack.api, "GET", `${survey.table}?select=${RECEIPT_COLUMN}`);
    expect(answer.status).not.toBe(200);
  });

  test("a partial response gets its receipt with the final save, and deletes with it", async () => {
    const code = newReceiptCode();
    const id = crypto.randomUUID();
    const secret = "s".repeat(43);
    const base = { ...openingAnswers(partial, "", crypto.randomUUID()), nome: "Davi" };
    const save = (answers: Answers, finished: boolean, lastStep: string) =>
      rest(stack.api, "POST", `rpc/${partialFunctionName(partial.table, "save")}`, { response: { ...toRow(partial, answers, id), finished, last_step: lastStep }, secret });
    expect((await save(base, false, "fase")).status).toBe(204);
    const read = (verb: "read" | "delete") => rest(stack.api, "POST", `rpc/${receiptFunctionName(partial.table, verb)}`, { code }, { headers: { prefer: "" } });
    expect((await read("read")).body).toBeNull();
    expect((await save({ ...base, fase: "Revalidando", [RECEIPT_COLUMN]: code }, true, "fase")).status).toBe(204);
    expect((await read("read")).body).toMatchObject({ id, nome: "Davi", fase: "Revalidando", finished: true, [RECEIPT_COLUMN]: await sha256(`receipt|${code}`) });
    expect((await read("delete")).body).toBe(true);
    expect(await count(partial.table)).toBe(0);
  });

  test(`1,000 guessed codes from one address within a minute: the look-ups' rate limit refuses all but the first ${DEFAULT_GUESSES_PER_MINUTE} or so, and none finds a response`, async () => {
    await earlyInAMinute();
    const answers: { status: number; body: string }[] = [];
    for (let i = 0; i < 1000; i += 20) {
      answers.push(...(await Promise.all(Array.from({ length: 20 }, () => guess(stack, survey.table, newReceiptCode(), "127.0.0.9")))));
    }
    const refused = answers.filter((answer) => answer.status === 429);
    const answered = answers.filter((answer) => answer.status === 200);
    expect(answers.filter((answer) => answer.status !== 429 && answer.status !== 200), "answers neither refused nor answered").toEqual([]);
    expect(refused.length + answered.length).toBe(1000);
    expect(answered.length).toBeLessThanOrEqual(2 * DEFAULT_GUESSES_PER_MINUTE);
    expect(refused.length).toBeGreaterThanOrEqual(1000 - 2 * DEFAULT_GUESSES_PER_MINUTE);
    expect(answered.every((answer) => answer.body === "null")).toBe(true);
    // Another address is not slowed down by this one's flood.
    expect((await guess(stack, survey.table, kept.code, "127.0.0.10")).status).toBe(200);
  }, 120_000);
});

/** Waits for the next minute when this one is half gone, so a flood is counted within one minute's bucket. */
async function earlyInAMinute(): Promise<void> {
  const second = new Date().getSeconds();
  if (second > 30) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

/** One read by code from a given loopback address (the gateway, a trusted proxy, appends it to X-Forwarded-For). */
function guess(stack: FixtureApi, table: string, code: string, from: string): Promise<{ status: number; body: string }> {
  const url = new URL(`${stack.api.restUrl}/rpc/${receiptFunctionName(table, "read")}`);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress: from, headers: { apikey: stack.api.anonKey, authorization: `Bearer ${stack.api.anonKey}`, "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    req.once("error", reject);
    req.end(JSON.stringify({ code }));
  });
}
