/** The ranking-matrix fixture survey, its table migrated in PGlite, and an anon insert as PostgREST does it. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import type { Row } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { pgliteBackend, type SqlBackend } from "./sql-backends.ts";

const FILE = "tests/fixtures/surveys/ranking-matrix/ranking-matrix-form.json";
export const rankingMatrixSurvey = JSON.parse(readFileSync(join(import.meta.dirname, "../..", FILE), "utf8")) as SurveyConfig;

export async function rankingMatrixTable(): Promise<{ db: SqlBackend; insert: (row: Row) => Promise<string> }> {
  const db = await pgliteBackend();
  for (const migration of planMigrations([{ file: FILE, config: rankingMatrixSurvey }], emptyDbState()).migrations) await db.migrate(migration.content);
  const table = `public.${rankingMatrixSurvey.table}`;
  const insert = (row: Row) => {
    const columns = Object.keys(row).join(", ");
    const sql = `insert into ${table} (${columns}) select ${columns} from json_populate_record(null::${table}, $1)`;
    return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: Error) => error.message);
  };
  return { db, insert };
}
