/**
 * The tables the report's tallies live in (report-sql.ts keeps them).
 *
 * report.tallies and report.visit_tallies hold counts by key, each count
 * spread over slots: a statement adds its difference to the rows of one
 * slot, the one of its database connection (report.tally_slot()), and a
 * report sums the slots of each key. So two inserts on two connections
 * never update the same row, and never wait for each other's commit, where
 * one row per key made every insert of a burst queue behind the one before
 * (docs/developers/tallies.md has the measurements). A table holds at most
 * keys × TALLY_SLOTS rows whatever the number of responses, and fillfactor
 * leaves room on each page for the updated row versions (HOT updates, which
 * page pruning reclaims without a VACUUM).
 *
 * report.theme_tallies holds the free texts' theme counts the same way, a
 * key split into its parts (theme-terms-sql.ts).
 *
 * report.tallied holds the spec each table's tallies were made with;
 * report.visit_state is one row per visit (only that visit's statements
 * touch it).
 */

/** Slots per key: more than the connections PostgREST keeps (10 by default, Supabase's larger plans 60 or so). */
export const TALLY_SLOTS = 64;

/** Page fill of the tally tables: half of each page is left for updated row versions. */
const FILLFACTOR = 50;

/** A counts table of (owner, key, slot, n), and the change of an older one with one row per key. */
const countsTable = (table: string, owner: string) => `create table if not exists ${table} (${owner} text not null, key text not null, slot smallint not null default 0, n bigint not null, primary key (${owner}, key, slot)) with (fillfactor = ${FILLFACTOR});
alter table ${table} add column if not exists slot smallint not null default 0;
alter table ${table} set (fillfactor = ${FILLFACTOR});
do $codegen$
begin
  if not exists (select from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                  where i.indrelid = '${table}'::regclass and i.indisprimary and a.attname = 'slot') then
    execute (select format('alter table ${table} drop constraint %I, add primary key (${owner}, key, slot)', conname)
               from pg_constraint where conrelid = '${table}'::regclass and contype = 'p');
  end if;
end
$codegen$;`;

export const tallyTablesSql = `${countsTable("report.tallies", "survey_table")}
create table if not exists report.tallied (survey_table text primary key, spec jsonb not null);
create table if not exists report.visit_state (
  survey_id text not null, visit_id text not null,
  seen boolean not null default false, started_at timestamptz, hidden jsonb, reached text[], submitted boolean,
  responded timestamptz[] not null default '{}',
  primary key (survey_id, visit_id)
);
${countsTable("report.visit_tallies", "survey_id")}
-- The response tallies per UTC day of created_at, kept by the same writers (report.add_counts_sql): a date range sums its whole days.
create table if not exists report.day_tallies (survey_table text not null, day date not null, key text not null, n bigint not null, primary key (survey_table, day, key)) with (fillfactor = ${FILLFACTOR});
-- The theme counts of free-text answers (theme-terms-sql.ts: a text, a family, a term and a word), slotted as report.tallies, kept by the same writers.
create table if not exists report.theme_tallies (survey_table text not null, field text not null, family text not null, term text not null, word text not null,
  slot smallint not null, n bigint not null, primary key (survey_table, field, family, term, word, slot)) with (fillfactor = ${FILLFACTOR});
-- What inserts left to count: a response's row (by table and id), a visit event's visit. Emptied by report.fold_inbox (tally-inbox-sql.ts).
create table if not exists report.response_inbox (survey_table text not null, row_id uuid not null);
create index if not exists response_inbox_row_idx on report.response_inbox (survey_table, row_id);
create table if not exists report.visit_inbox (survey_id text not null, visit_id uuid not null);
revoke all on all tables in schema report from public, anon, authenticated;
grant select on all tables in schema report to service_role;

-- The slot of this connection: stable for its life, different for connections whose process ids are near (a pool's).
create or replace function report.tally_slot()
returns smallint
language sql
stable
set search_path = ''
as $$ select (pg_backend_pid() % ${TALLY_SLOTS})::smallint $$;`;
