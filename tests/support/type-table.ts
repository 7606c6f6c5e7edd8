/**
 * One question type's column on a real database: a tiny survey of the given
 * questions migrated on a backend, and inserts as the public anon role the way
 * PostgREST makes them, each resolving to "stored" or the database's refusal.
 */
import { withVersion } from "./versioned-rows.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import type { Answers } from "../../src/core/answers.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import type { SqlBackend } from "./sql-backends.ts";
import { tinySurvey } from "./tiny-survey.ts";

let counter = 0;
const rowId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

export interface TypeTable {
  /** The row the page sends for these answers. */
  pageRow(answers: Answers): Row;
  insert(row: Row): Promise<string>;
}

export async function typeTable(db: SqlBackend, table: string, questions: Question[]): Promise<TypeTable> {
  const config = withVersion({ ...tinySurvey({ questions }), table });
  for (const migration of planMigrations([{ file: "surveys/tiny.json", config }], emptyDbState()).migrations) await db.migrate(migration.content);
  return {
    pageRow: (answers) => toRow(config, answers, rowId()),
    insert(row) {
      const columns = Object.keys(row).join(", ");
      const sql = `insert into public.${table} (${columns}) select ${columns} from json_populate_record(null::public.${table}, $1)`;
      return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: Error) => error.message);
    },
  };
}
