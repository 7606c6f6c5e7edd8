/**
 * One response per person and the bot check in the database, on PGlite and
 * on a real PostgreSQL, as the public role inserts (each concurrent insert
 * in its own session on PostgreSQL): a second browser key, a reused, an
 * unknown or a forged personal link, the same answer in another case or
 * with spaces, a response without a valid bot-check solution, and one
 * solution used twice are all refused; the first of each is stored.
 */
import { versionedRows } from "../support/versioned-rows.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ONCE_ERROR_CODES } from "../../src/core/once.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { ALTCHA_MAX_NUMBER, MINT_LINKS_FUNCTION } from "../../scripts/sql/once-sql.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { solveAltcha } from "../support/altcha.ts";
import { onceSurveys } from "../support/once-surveys.ts";
import { pgliteBackend, postgresBackend, type SqlBackend } from "../support/sql-backends.ts";
import { onTestedDatabases } from "../support/databases.ts";

/** PostgreSQL with room for a session per concurrent insert. */
const BACKENDS = onTestedDatabases([
  ["PGlite", pgliteBackend],
  ["PostgreSQL", () => postgresBackend({ maxConnections: 240 })],
] as const);

type Row = Record<string, string>;
const stamp = versionedRows(onceSurveys().map(({ config }) => config));
const insertSql = (table: string, given: Row) => {
  const row = stamp(table, given);
  const columns = Object.keys(row);
  return { sql: `insert into public.${table} (id, ${columns.join(", ")}) values (gen_random_uuid(), ${columns.map((_, i) => `$${i + 1}`).join(", ")})`, params: Object.values(row) };
};
const outcome = (attempt: Promise<void>) => attempt.then(() => "stored", (error: { code?: string }) => error.code ?? String(error));
const insertAnon = (db: SqlBackend, table: string, row: Row) => {
  const { sql, params } = insertSql(table, row);
  return outcome(db.asRole("anon", sql, params));
};
const count = async (db: SqlBackend, table: string) => Number((await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]!.n);

/** `rows` inserted at once by the public role, each in its own session on PostgreSQL (queued on the one PGlite session). */
async function concurrentInserts(db: SqlBackend, table: string, rows: Row[]): Promise<string[]> {
  if (!db.url) return Promise.all(rows.map((row) => insertAnon(db, table, row)));
  const clients = rows.map(() => new pg.Client({ connectionString: db.url! }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    return await Promise.all(
      clients.map(async (client, i) => {
        const { sql, params } = insertSql(table, rows[i]!);
        await client.query("begin; set local role anon;");
        return outcome(client.query(sql, params).then(() => void client.query("commit"), async (error) => {
          await client.query("rollback");
          throw error;
        }));
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

const answers = { nome_completo: "Ana", opinion: "Sí" };

describe.each(BACKENDS)("one response per person on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    const { migrations } = planMigrations(onceSurveys(), emptyDbState());
    for (const migration of migrations) await db.migrate(migration.content);
  }, 180_000);
  afterAll(() => db?.close());

  const mint = async (table: string, n: number) => (await db.query<{ token: string }>(`select ${MINT_LINKS_FUNCTION}($1, $2) as token`, [table, n])).map((row) => row.token);

  test("browser: a second insert with the same browser key is refused; another key is stored; no key is refused", async () => {
    const key = "0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f";
    expect(await insertAnon(db, "una_vez_navegador", { ...answers, once_key: key })).toBe("stored");
    expect(await insertAnon(db, "una_vez_navegador", { ...answers, once_key: key })).toBe(ONCE_ERROR_CODES.taken);
    expect(await insertAnon(db, "una_vez_navegador", { ...answers, once_key: "1b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f" })).toBe("stored");
    expect(await insertAnon(db, "una_vez_navegador", answers)).toBe(ONCE_ERROR_CODES.browserKeyMissing);
    expect(await count(db, "una_vez_navegador")).toBe(2);
  });

  test("link: 200 concurrent inserts with one token store exactly 1", async () => {
    const [token] = await mint("una_vez_enlace", 1);
    const outcomes = await concurrentInserts(db, "una_vez_enlace", Array.from({ length: 200 }, () => ({ ...answers, once_key: token! })));
    expect(outcomes.filter((result) => result === "stored")).toHaveLength(1);
    // SV013 when the first was stored before this one looked, else the unique index (23505).
    expect(outcomes.filter((result) => result === ONCE_ERROR_CODES.taken || result === "23505")).toHaveLength(199);
    expect(await count(db, "una_vez_enlace")).toBe(1);
  }, 120_000);

  test("link: unknown, forged, another survey's and missing tokens are refused; every fresh token is stored once", async () => {
    const [a, b] = await mint("una_vez_enlace", 2);
    const [otherSurveys] = await mint("una_vez_navegador", 1);
    const [nonce, signature] = a!.split(".") as [string, string];
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    for (const forged of [`${nonce}.${flipped}`, `${b!.split(".")[0]}.${signature}`, otherSurveys!, "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "hola", ""]) {
      expect(await insertAnon(db, "una_vez_enlace", { ...answers, once_key: forged }), forged).toBe(ONCE_ERROR_CODES.linkInvalid);
    }
    expect(await insertAnon(db, "una_vez_enlace", answers)).toBe(ONCE_ERROR_CODES.linkInvalid);
    expect(await insertAnon(db, "una_vez_enlace", { ...answers, once_key: a! })).toBe("stored");
    expect(await insertAnon(db, "una_vez_enlace", { ...answers, once_key: b! })).toBe("stored");
    expect(await insertAnon(db, "una_vez_enlace", { ...answers, once_key: a! })).toBe(ONCE_ERROR_CODES.taken);
  });

  test("link: the public key cannot mint links", async () => {
    await expect(db.asRole("anon", `select ${MINT_LINKS_FUNCTION}('una_vez_enlace', 1)`)).rejects.toMatchObject({ code: "42501" });
  });

  test("field: the same e-mail in another case is refused, whatever key the page sends", async () => {
    expect(await insertAnon(db, "una_vez_correo", { correo: "ana.perez@example.com", opinion: "Sí" })).toBe("stored");
    expect(await insertAnon(db, "una_vez_correo", { correo: "Ana.PEREZ@example.com", opinion: "No", once_key: "anything" })).toBe(ONCE_ERROR_CODES.taken);
    expect(await insertAnon(db, "una_vez_correo", { correo: "otra@example.com", opinion: "No" })).toBe("stored");
    expect(await count(db, "una_vez_correo")).toBe(2);
  });

  test("field: the same text answer with other spaces and case is refused", async () => {
    expect(await insertAnon(db, "una_vez_documento", { documento: "AB 123 456", opinion: "Sí" })).toBe("stored");
    expect(await insertAnon(db, "una_vez_documento", { documento: "  ab123456 ", opinion: "Sí" })).toBe(ONCE_ERROR_CODES.taken);
    expect(await insertAnon(db, "una_vez_documento", { documento: "ab\t123 456", opinion: "Sí" }), "a tab counts as a space").toBe(ONCE_ERROR_CODES.taken);
    expect(await count(db, "una_vez_documento")).toBe(1);
  });

  test("bot check: 1,000 inserts without a valid solution store nothing", async () => {
    const challenge = (await db.query<{ c: Record<string, unknown> }>("select public.altcha_challenge() as c"))[0]!.c;
    const wrongNumber = Buffer.from(JSON.stringify({ ...challenge, number: ALTCHA_MAX_NUMBER + 1 })).toString("base64");
    const attempts = [undefined, "", "not base64 at all", Buffer.from("{}").toString("base64"), wrongNumber];
    const outcomes: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const altcha = attempts[i % attempts.length];
      outcomes.push(await insertAnon(db, "sin_bots", altcha === undefined ? answers : { ...answers, altcha }));
    }
    expect(outcomes.filter((result) => result === "stored")).toEqual([]);
    expect(new Set(outcomes)).toEqual(new Set([ONCE_ERROR_CODES.botCheckFailed]));
    expect(await count(db, "sin_bots")).toBe(0);
  }, 300_000);

  test("bot check: a solution stores one response; used again it is refused; the solution is not kept", async () => {
    const challenge = (await db.query<{ c: Record<string, unknown> }>("select public.altcha_challenge() as c"))[0]!.c;
    const payload = await solveAltcha(challenge);
    expect(await insertAnon(db, "sin_bots", { ...answers, altcha: payload })).toBe("stored");
    expect(await insertAnon(db, "sin_bots", { ...answers, altcha: payload })).toBe(ONCE_ERROR_CODES.botCheckFailed);
    expect(await count(db, "sin_bots")).toBe(1);
    expect((await db.query<{ altcha: string | null }>("select altcha from public.sin_bots"))[0]!.altcha).toBeNull();
  }, 60_000);

  test("bot check: a challenge signed with another key is refused", async () => {
    const challenge = (await db.query<{ c: Record<string, unknown> }>("select public.altcha_challenge() as c"))[0]!.c;
    const payload = JSON.parse(Buffer.from(await solveAltcha(challenge), "base64").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, signature: "0".repeat(64) })).toString("base64");
    expect(await insertAnon(db, "sin_bots", { ...answers, altcha: forged })).toBe(ONCE_ERROR_CODES.botCheckFailed);
  }, 60_000);

  test("a survey without a policy or bot check is as before: no key column, no trigger", async () => {
    const columns = await db.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'normal_respuestas' and column_name in ('once_key', 'altcha')");
    expect(columns).toEqual([]);
    expect(await insertAnon(db, "normal_respuestas", answers)).toBe("stored");
  });
});
