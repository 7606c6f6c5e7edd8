/**
 * The visit_events table: one insert-only log for every survey, for the
 * report's drop-off and sources. A row is one step of a visit (opened, first
 * answer, a question reached by its id, submitted) with the hidden-field
 * values; never an answer, never an address. The SQL is idempotent (it
 * converges whatever state an earlier version left), so a migration can
 * simply repeat it whenever its text changes, e.g. when a survey is added.
 *
 * The public key may insert the columns below and nothing else; the CHECKs
 * refuse an unknown survey, an unknown step and anything answer-sized.
 */
import { LIMITS } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { recordsVisits, VISIT_EVENTS_TABLE, VISIT_STEPS } from "../../src/core/visit-steps.ts";
import { fingerprint, managedComment } from "./sql-text.ts";

/** The view the report reads: one row per visit. */
export const VISITS_VIEW = "visits";

/** Byte limit of the hidden-field values of one event (jsonb as text): 8 fields of 100 characters fit, a long answer does not. */
export const HIDDEN_VALUES_BYTES = 1500;
const QUESTION_ID_LENGTH = 60;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The surveys whose visits are recorded: the only ids the table accepts. */
export const visitEventSurveyIds = (configs: readonly SurveyConfig[]): string[] => configs.filter(recordsVisits).map((config) => config.id);

/** The table's columns; `type` is what db:check expects (as PostgreSQL names it). */
export const VISIT_EVENT_COLUMNS = [
  { column: "id", type: "uuid", definition: "uuid primary key default gen_random_uuid()" },
  { column: "created_at", type: "timestamp with time zone", definition: "timestamptz not null default now()" },
  { column: "visit_id", type: "uuid", definition: "uuid not null" },
  { column: "survey_id", type: "text", definition: "text not null" },
  { column: "step", type: "text", definition: "text not null" },
  { column: "question_id", type: "text", definition: "text" },
  { column: "hidden", type: "jsonb", definition: "jsonb not null default '{}'" },
] as const;

export const VISIT_EVENTS_INSERT_POLICY = `${VISIT_EVENTS_TABLE}_insert_anon`;

/** The CHECKs, for the migration and for db:check (which compares their fingerprints). */
export function visitEventChecks(surveyIds: readonly string[]): { name: string; check: string }[] {
  const checks: [string, string][] = [
    ["survey_id", surveyIds.length ? `survey_id in (${[...surveyIds].sort().map(quote).join(", ")})` : "false"],
    ["step", `step in (${VISIT_STEPS.map(quote).join(", ")})`],
    ["question_id", `(question_id is null) = (step <> 'reached') and char_length(question_id) <= ${QUESTION_ID_LENGTH}`],
    ["hidden", `jsonb_typeof(hidden) = 'object' and octet_length(hidden::text) <= ${HIDDEN_VALUES_BYTES}`],
  ];
  return checks.map(([column, check]) => ({ name: `${VISIT_EVENTS_TABLE}_${column}_check`, check }));
}

const t = `public.${VISIT_EVENTS_TABLE}`;

// NOT VALID: rows of a survey that was since removed stay; the rule holds for new rows.
const replaceCheck = ({ name, check }: { name: string; check: string }) => `alter table ${t} drop constraint if exists ${name};
alter table ${t} add constraint ${name} check (${check}) not valid;
comment on constraint ${name} on ${t} is '${managedComment(check)}';`;

/** The one statement that changes when surveys start or stop recording visits. */
export const visitEventSurveysSql = (surveyIds: readonly string[]): string => replaceCheck(visitEventChecks(surveyIds)[0]!);

export function visitEventsSql(surveyIds: readonly string[]): string {
  const constraints = visitEventChecks(surveyIds).map(replaceCheck);
  return [
    `-- Steps of visits, for drop-off and sources (hidden values at most ${LIMITS.hiddenValueLength} characters each on the page).
create table if not exists ${t} (
${VISIT_EVENT_COLUMNS.map(({ column, definition }) => `  ${column} ${definition}`).join(",\n")}
);`,
    ...constraints,
    `-- One row per visit for the report (a visit's ~16 events folded in the database), paged by visit_id.
-- security_invoker: it reads with the caller's rights, and only the service key may read it at all.
create index if not exists ${VISIT_EVENTS_TABLE}_survey_visit_idx on ${t} (survey_id, visit_id);
create or replace view public.${VISITS_VIEW} with (security_invoker = true) as
select survey_id, visit_id,
  min(created_at) as started_at,
  coalesce(array_agg(distinct question_id) filter (where step = 'reached'), '{}') as reached,
  bool_or(step = 'submitted') as submitted,
  (array_agg(hidden order by created_at))[1] as hidden
from ${t}
group by survey_id, visit_id;
revoke all on public.${VISITS_VIEW} from anon, authenticated;
grant select on public.${VISITS_VIEW} to service_role;`,
    `-- The public key may insert these columns and nothing else: no SELECT, UPDATE or DELETE.
alter table ${t} enable row level security;
revoke all on table ${t} from anon, authenticated;
grant insert (visit_id, survey_id, step, question_id, hidden) on table ${t} to anon, authenticated;
drop policy if exists "${VISIT_EVENTS_INSERT_POLICY}" on ${t};
create policy "${VISIT_EVENTS_INSERT_POLICY}" on ${t} for insert to anon, authenticated with check (true);`,
  ].join("\n\n");
}

/** Fingerprint recorded in the migration, so that codegen writes a new one exactly when the SQL changes. */
export const visitEventsVersion = (sql: string): string => fingerprint(sql);
