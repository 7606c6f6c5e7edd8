/**
 * The API guard's rate limits by kind (scripts/sql/api-guard-sql.ts),
 * through the real PostgREST on PGlite and on PostgreSQL 15, each client
 * its own loopback address: receipt and resume look-ups (guesses at a code
 * or a secret) have a budget of their own per address and are answered by
 * POST only (a GET runs read-only, where nothing can be counted); a
 * signed-in member's reads of the results are counted per member, apart
 * from the respondents' writes, so an export of a million rows (a thousand
 * pages) and the page's refresh are never refused for the respondents'
 * sake; and the respondents' writes are still limited.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { DEFAULT_GUESSES_PER_MINUTE, DEFAULT_WRITES_PER_MINUTE, GUARD_SCHEMA, TOO_MANY } from "../../scripts/sql/api-guard-sql.ts";
import { partialFunctionName } from "../../src/core/partial-response.ts";
import { newReceiptCode, receiptFunctionName } from "../../src/core/receipt.ts";
import { API_BACKENDS, rest, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";
import { FLOOD_BATCH, flood, fromAddress, type Answer } from "../support/from-address.ts";

const DIR = "tests/fixtures/surveys/receipt";
const [POLL, PARTIAL] = [{ id: "receipt-poll", table: "receipt_poll_responses" }, { id: "receipt-partial", table: "receipt_partial_responses" }];
const MEMBERS = ["ana@equipe.test", "bia@equipe.test", "caio@equipe.test"];
const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

describe.each(API_BACKENDS)("the rate limits by kind on %s", (backend) => {
  let stack: FixtureApi;
  let sql: pg.Client;
  // A fresh address per test (and per backend), so that no test's count is another's.
  const address = (n: number) => `127.0.${backend === "PGlite" ? 10 : 20}.${n}`;

  beforeAll(async () => {
    stack = await startFixtureApi(DIR, backend);
    sql = new pg.Client({ connectionString: stack.databaseUrl ?? stack.api.dbUrl });
    await sql.connect();
    const members = MEMBERS.map((email) => ({ email, role: "analyst" }));
    expect((await rest(stack.api, "POST", "team_members", members, { key: stack.api.serviceRoleKey })).status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await sql?.end();
    await stack?.stop();
  });

  const anon = () => ({ apikey: stack.api.anonKey, authorization: `Bearer ${stack.api.anonKey}` });
  const member = (email: string) => ({ apikey: stack.api.anonKey, authorization: `Bearer ${localAccessToken(email)}` });
  const readReceipt = (from: string, method = "POST") =>
    method === "POST"
      ? fromAddress(`${stack.api.restUrl}/rpc/${receiptFunctionName(POLL.table, "read")}`, { from, headers: anon(), body: { code: newReceiptCode() } })
      : fromAddress(`${stack.api.restUrl}/rpc/${receiptFunctionName(POLL.table, "read")}?code=${newReceiptCode()}`, { method, from, headers: anon() });
  const resume = (from: string, method = "POST") =>
    method === "POST"
      ? fromAddress(`${stack.api.restUrl}/rpc/${partialFunctionName(PARTIAL.table, "resume")}`, { from, headers: anon(), body: { response_id: crypto.randomUUID(), secret: "s".repeat(43) } })
      : fromAddress(`${stack.api.restUrl}/rpc/${partialFunctionName(PARTIAL.table, "resume")}?response_id=${crypto.randomUUID()}&secret=${"s".repeat(43)}`, { method, from, headers: anon() });
  /** A page of the export as the results site asks for it (results_responses). */
  const exportPage = (email: string, from: string) =>
    fromAddress(`${stack.api.restUrl}/rpc/results_responses`, { from, headers: member(email), body: { survey: POLL.id, filters: {}, page_size: 1000 } });
  /** A respondent's write: an opened visit, as every survey page sends it first. */
  const write = (from: string) =>
    fromAddress(`${stack.api.restUrl}/visit_events`, { from, headers: { ...anon(), prefer: "return=minimal" }, body: { visit_id: crypto.randomUUID(), survey_id: POLL.id, step: "opened", question_id: null, hidden: {} } });

  test("a look-up by GET or HEAD is refused, never answered: 300 guesses by GET find out nothing", async () => {
    const answers = await flood(300, (i) => (i % 2 ? resume(address(1), "GET") : readReceipt(address(1), "GET")));
    expect(new Set(statuses(answers))).toEqual(new Set([405]));
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ message: TOO_MANY.get });
    expect(statuses([await readReceipt(address(1), "HEAD"), await resume(address(1), "HEAD")])).toEqual([405, 405]);
    // By POST, as the pages send them, they are answered.
    expect(await readReceipt(address(1))).toEqual({ status: 200, body: "null" });
    expect(await resume(address(1))).toEqual({ status: 200, body: "null" });
  });

  test(`look-ups have a budget of their own: of ${3 * DEFAULT_GUESSES_PER_MINUTE} from one address the first ${DEFAULT_GUESSES_PER_MINUTE} are answered, the rest refused, and its respondents still send`, async () => {
    const answers = await flood(3 * DEFAULT_GUESSES_PER_MINUTE, (i) => (i % 2 ? resume(address(2)) : readReceipt(address(2))));
    expect(new Set(statuses(answers))).toEqual(new Set([200, 429]));
    expect(statuses(answers.slice(0, DEFAULT_GUESSES_PER_MINUTE)).every((status) => status === 200)).toBe(true);
    // A minute that begins during the flood lets at most one more budget through. Each minute may also let
    // through one more per other request in flight at its edge: concurrent requests do not see each other's
    // uncommitted counts (the counts are slotted so that a carrier's crowd never queues on one row).
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(2 * (DEFAULT_GUESSES_PER_MINUTE + FLOOD_BATCH - 1));
    expect(JSON.parse(answers.find((answer) => answer.status === 429)!.body)).toMatchObject({ message: TOO_MANY.guesses });
    expect((await write(address(2))).status).toBe(201);
  }, 120_000);

  test("a member's 200 reads in a minute are all answered, the respondents' writes from the same address are still limited, and the member reads on", async () => {
    const reads = await flood(200, () => exportPage(MEMBERS[0]!, address(3)));
    expect(new Set(statuses(reads))).toEqual(new Set([200]));
    const writes = await flood(2 * DEFAULT_WRITES_PER_MINUTE + 30, () => write(address(3)));
    expect(statuses(writes.slice(0, DEFAULT_WRITES_PER_MINUTE)).every((status) => status === 201)).toBe(true);
    expect(JSON.parse(writes.find((answer) => answer.status === 429)!.body)).toMatchObject({ message: TOO_MANY.writes });
    // The page's refresh, after its address's writes met their limit.
    expect((await exportPage(MEMBERS[0]!, address(3))).status).toBe(200);
  }, 120_000);

  test("the members' budget is each member's own: past it one member is refused, another on the same address is not", async () => {
    await sql.query(`update ${GUARD_SCHEMA}.settings set member_reads_per_minute = 40`);
    try {
      const reads = await flood(3 * 40, () => exportPage(MEMBERS[1]!, address(4)));
      expect(statuses(reads.slice(0, 40)).every((status) => status === 200)).toBe(true);
      expect(JSON.parse(reads.find((answer) => answer.status === 429)!.body)).toMatchObject({ message: TOO_MANY.memberReads });
      // A member who has made no call yet this minute.
      expect((await exportPage(MEMBERS[2]!, address(4))).status).toBe(200);
    } finally {
      await sql.query(`update ${GUARD_SCHEMA}.settings set member_reads_per_minute = default`);
    }
  }, 120_000);
});
