/**
 * The order shown (shown_order, jsonb) of the shuffle fixture survey, migrated
 * in PGlite and on PostgreSQL 15: the public anon role stores the order the page draws, a row
 * from before the survey shuffled (null), and is refused anything that is
 * not an object of lists of texts.
 */
import { withVersion } from "../support/versioned-rows.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { emptyAnswers } from "../../src/core/answers.ts";
import { drawShownOrder, SHOWN_ORDER_ID, SHOWN_ORDER_COLUMN } from "../../src/core/shown-order.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";

const FILE = "tests/fixtures/surveys/shuffle/shuffle-poll.json";
const survey = JSON.parse(readFileSync(join(import.meta.dirname, "../..", FILE), "utf8")) as SurveyConfig;
const table = `public.${survey.table}`;
let counter = 0;

const row = (shownOrder: unknown): Row => {
  const answers = { ...emptyAnswers(survey), nombre: "Ana", red: "TikTok", [SHOWN_ORDER_ID]: JSON.stringify(drawShownOrder(survey, counter)) };
  const drawn = toRow(withVersion(survey), answers, `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`);
  return shownOrder === undefined ? drawn : { ...drawn, [SHOWN_ORDER_COLUMN]: shownOrder as Row[string] };
};
const insert = (db: SqlBackend, values: Row) => {
  const columns = Object.keys(values).join(", ");
  return db.asRole("anon", `insert into ${table} (${columns}) select ${columns} from json_populate_record(null::${table}, $1)`, [JSON.stringify(values)]).then(() => "stored", (error: Error) => error.message);
};

describe.each(BACKENDS)("the shown_order column on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    for (const migration of planMigrations([{ file: FILE, config: survey }], emptyDbState()).migrations) await db.migrate(migration.content);
  }, 120_000);
  afterAll(() => db?.close());

  test("stores the order the page drew, as drawn", async () => {
    const drawn = row(undefined);
    expect(await insert(db, drawn)).toBe("stored");
    const [stored] = await db.query<{ shown_order: unknown }>(`select shown_order from ${table} where id = $1`, [drawn.id]);
    expect(stored!.shown_order).toEqual(drawn[SHOWN_ORDER_COLUMN]);
  });

  test("stores a row without an order (stored before the survey shuffled)", async () => {
    expect(await insert(db, row(null))).toBe("stored");
  });

  test.each<[string, unknown]>([
    ["a list instead of an object", ["nombre", "red"]],
    ["questions that are not a list", { questions: "nombre" }],
    ["a question id that is not a text", { questions: [1, 2] }],
    ["options that are not an object", { options: [["TikTok"]] }],
    ["an option list that is not a list", { options: { red: "TikTok" } }],
    ["an option that is not a text", { options: { red: [["TikTok"]] } }],
  ])("refuses %s", async (_what, order) => {
    expect(await insert(db, row(order))).toMatch(/shown_order_check/);
  });
});
