/**
 * The outbox on a real PostgreSQL 15 with several connections, for the tests
 * of what the worker's functions decide when calls meet: the migrations
 * codegen writes for a survey with notifications, and one pg client per
 * simulated worker. Each call is one /rpc statement, as PostgREST runs it.
 */
import pg from "pg";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { postgresBackend, type SqlBackend } from "./sql-backends.ts";

export interface OutboxDb {
  db: SqlBackend;
  clients: pg.Client[];
  close(): Promise<void>;
}

export async function startOutboxDb(survey: SurveyConfig, connections: number): Promise<OutboxDb> {
  const db = await postgresBackend();
  const { migrations } = planMigrations([{ file: `surveys/${survey.id}.json`, config: survey }], emptyDbState());
  for (const migration of migrations) await db.migrate(migration.content);
  const clients = Array.from({ length: connections }, () => new pg.Client({ connectionString: db.url! }));
  await Promise.all(clients.map((client) => client.connect()));
  return { db, clients, close: async () => (await Promise.all(clients.map((client) => client.end())), await db.close()) };
}

export interface Try {
  id: string;
  attempt: number;
}

export interface TryOutcome {
  ok: boolean;
  httpStatus?: number | null;
  gone?: boolean;
  retryInSeconds?: number;
}

/** outbox_finish as the worker calls it (notifications/store.ts). */
export const finishTry = (client: pg.Client, { id, attempt }: Try, outcome: TryOutcome) =>
  client.query(
    "select public.outbox_finish(event_id => $1, attempt => $2, started_at => now(), ok => $3, http_status => $4, error => $5, retry_in_seconds => $6, gone => $7, ms => 1)",
    [id, attempt, outcome.ok, outcome.httpStatus ?? null, outcome.ok ? null : `HTTP ${outcome.httpStatus ?? 500}`, outcome.retryInSeconds ?? 0, outcome.gone ?? false],
  );

export const claimTries = async (client: pg.Client, max = 20, leaseSeconds = 60): Promise<(Try & { channel: string })[]> =>
  (await client.query<Try & { channel: string }>("select id::text, attempt, channel from public.outbox_claim($1, $2)", [max, leaseSeconds])).rows;
