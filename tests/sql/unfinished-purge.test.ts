/**
 * Unfinished partial responses kept no longer than the survey's
 * retention.unfinishedResponsesDays, on PGlite and on a real PostgreSQL: the
 * database's purge (scripts/sql/purge-sql.ts), with its clock moved forward,
 * deletes the unfinished rows whose last answer is older, keeps the finished
 * ones and the recent unfinished ones, and the deleted row's "continue later"
 * link finds nothing. A file that asks for it without partial responses is
 * refused by validate.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { partialFunctionName } from "../../src/core/partial-response.ts";
import { retentionErrors } from "../../scripts/lib/retention-checks.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { PURGE_CLOCK_SETTING, PURGE_FUNCTION } from "../../scripts/sql/purge-sql.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const QUESTIONS = [
  { id: "nome", type: "text", title: "¿Nombre?", emoji: "💬", required: true },
  { id: "cor", type: "radio", title: "¿Color?", emoji: "🎨", required: true, options: ["Rojo", "Azul"] },
] as const;
const TABLE = "kept_poll";
const SURVEY = { ...tinySurvey({ questions: QUESTIONS as never, partialResponses: true, retention: { unfinishedResponsesDays: 7 } } as never), id: "kept-poll", table: TABLE };
const SECRET = "k".repeat(43);
const DAY = 24 * 60 * 60 * 1000;
const ids = { stale: "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0101", finished: "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0102", recent: "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0103" };

describe.each(BACKENDS)("the purge of unfinished responses on %s", (_, open) => {
  let db: SqlBackend;
  const save = (response: object) => db.asRole("anon", `select public.${partialFunctionName(TABLE, "save")}($1::jsonb, $2)`, [JSON.stringify({ definition_version: definitionVersion(SURVEY as never), ...response }), SECRET]);
  const stored = async () => (await db.query<{ id: string; finished: boolean }>(`select id::text, finished from public.${TABLE} order by id`)).map(({ id, finished }) => [id, finished]);
  /** The purge as pg_cron or the local data API runs it, its clock `days` ahead. */
  const purgeAt = async (days: number) => {
    await db.query("select set_config($1, $2, false)", [PURGE_CLOCK_SETTING, new Date(Date.now() + days * DAY).toISOString()]);
    const rows = await db.query<{ rule: string; deleted: string }>(`select * from ${PURGE_FUNCTION}()`);
    return Object.fromEntries(rows.map(({ rule, deleted }) => [rule, Number(deleted)]));
  };

  beforeAll(async () => {
    db = await open();
    const { migrations } = planMigrations([{ file: "surveys/kept-poll.json", config: SURVEY as never }], emptyDbState());
    for (const migration of migrations) await db.migrate(migration.content);
    await save({ id: ids.stale, nome: "Ana", last_step: "cor" });
    await save({ id: ids.finished, nome: "Bea", cor: "Azul", finished: true, last_step: "cor" });
  }, 300_000);
  afterAll(() => db?.close());

  test("before the days are up nothing is deleted", async () => {
    expect(await purgeAt(6)).toEqual({ [`retention:unfinished:${TABLE}`]: 0 });
    expect(await stored()).toEqual([[ids.stale, false], [ids.finished, true]]);
  });

  test("past them the unfinished row goes, the finished one and a recent unfinished one stay, and its resume link finds nothing", async () => {
    // Answered "now" by the purge's clock: the row's last answer is the server's time, so move the clock back for it.
    await save({ id: ids.recent, nome: "Caro", last_step: "cor" });
    await db.query(`update public.${TABLE} set updated_at = now() + interval '5 days' where id = $1`, [ids.recent]);
    expect(await purgeAt(8)).toEqual({ [`retention:unfinished:${TABLE}`]: 1 });
    expect(await stored()).toEqual([[ids.finished, true], [ids.recent, false]]);
    await db.asRole("none", `do $$ begin set local role anon; perform set_config('purge_test.got', coalesce(public.${partialFunctionName(TABLE, "resume")}('${ids.stale}', '${SECRET}')::text, 'null'), false); end $$`);
    expect((await db.query<{ got: string }>("select current_setting('purge_test.got') as got"))[0]!.got).toBe("null");
  });
});

describe("retention.unfinishedResponsesDays in a survey file", () => {
  test("is refused without partial responses, with what to do", () => {
    expect(retentionErrors({ ...SURVEY, partialResponses: false } as never)).toEqual([
      { pointer: "/retention/unfinishedResponsesDays", message: 'only a survey with "partialResponses": true keeps unfinished responses: set it, or remove unfinishedResponsesDays' },
    ]);
    expect(retentionErrors(SURVEY as never)).toEqual([]);
  });
});
