/**
 * The SQL that brings one survey table to what its survey file says, on an
 * empty database or on one where the table already exists (the live app's
 * table, with other columns, other policies and old rows). It converges
 * instead of assuming: every statement is idempotent, so the same migration
 * works through `supabase db push`, through the local data API, and on a
 * database that is half-way there.
 *
 * Invariants: no row and no column is ever dropped or rewritten; an
 * incompatible column type stops everything before the first change;
 * policies are replaced in one statement, so no moment exists with the
 * public read still open or without the insert policy; constraints keep old
 * rows that break them (NOT VALID) and say how many.
 */
import { HONEYPOT } from "../../src/core/honeypot.ts";
import { ONE_RESPONSE_FUNCTION, SERVER_TIME_FUNCTION } from "./api-guard-sql.ts";
import type { Campaign } from "../../src/core/campaign.ts";
import { campaignTableSql } from "./campaign-sql.ts";
import { isPartialTable, partialAccessSql } from "./partial-responses-sql.ts";
import type { ColumnSpec, SqlType } from "./column-specs.ts";
import { managedComment, MANAGED_COMMENT_PREFIX, objectName, sqlLiteral } from "./sql-text.ts";

/** Types of an existing column that can take the survey's values unchanged. */
export const COMPATIBLE_TYPES: Record<SqlType | "uuid", string[]> = {
  text: ["text", "character varying", "character"],
  "text[]": ["text[]", "character varying[]"],
  integer: ["integer", "bigint", "smallint", "numeric"],
  date: ["date"],
  jsonb: ["jsonb"],
  boolean: ["boolean"],
  uuid: ["uuid"],
  timestamptz: ["timestamp with time zone", "timestamp without time zone"],
};

export const constraintName = (table: string, column: string) => objectName(table, `${column}_check`);
export const insertPolicyName = (table: string) => objectName(table, "insert_anon");
export const TRIGGERS = { oneResponse: "one_response_per_request", serverTime: "created_at_from_server" } as const;

/** Roles whose policies and privileges decide what the public key can do. */
const PUBLIC_ROLES = ["anon", "authenticated", "public"];

/** The columns every survey table has besides the answers. */
const BASE_COLUMNS: { column: string; type: "uuid" | "timestamptz" | "text" }[] = [
  { column: "id", type: "uuid" },
  { column: "created_at", type: "timestamptz" },
  { column: HONEYPOT, type: "text" },
];

/**
 * The constraints every survey table has besides its columns' own: the
 * honeypot (src/core/honeypot.ts) is filled only by bots, so such rows are refused.
 */
export const baseChecks = (): { column: string; check: string }[] => [{ column: HONEYPOT, check: `${HONEYPOT} is null` }];

/** Stops the migration before any change when an existing column of `columns` has a type that cannot hold the survey's answers. */
export function typeGuard(table: string, columns: { column: string; type: keyof typeof COMPATIBLE_TYPES }[]): string {
  const wanted = columns.map(({ column, type }) => `(${sqlLiteral(column)}, ${sqlLiteral(type)}, array[${COMPATIBLE_TYPES[type].map(sqlLiteral).join(", ")}])`);
  return `-- Stop before any change when an existing column cannot hold the survey's answers.
do $codegen$
declare
  problem text;
begin
  select format('%s.%s is %s in the database but the survey needs %s: nothing was changed. Give the question a new id in the survey file (a new column), or convert or rename the column in a migration of your own that runs before this one.',
                '${table}', wanted.name, format_type(a.atttypid, null), wanted.type)
    into problem
    from (values ${wanted.join(",\n                 ")}) as wanted(name, type, accepted)
    join pg_attribute a on a.attrelid = to_regclass('public.${table}') and a.attname = wanted.name and a.attnum > 0 and not a.attisdropped
   where not format_type(a.atttypid, null) = any (wanted.accepted)
   limit 1;
  if problem is not null then
    raise exception '%', problem using errcode = '42804';
  end if;
end
$codegen$;`;
}

export const addColumnSql = (table: string, { column, type, default: value }: ColumnSpec): string =>
  `alter table public.${table} add column if not exists ${column} ${type}${value === undefined ? "" : ` default ${value}`};`;

function columnsSql(table: string, specs: ColumnSpec[]): string {
  const t = `public.${table}`;
  return `create table if not exists ${t} (
  id uuid primary key,
  created_at timestamptz not null default now()
);
-- An adopted table keeps every column and row it has; missing columns are added.
alter table ${t} add column if not exists id uuid;
alter table ${t} add column if not exists created_at timestamptz not null default now();
alter table ${t} add column if not exists ${HONEYPOT} text;
${specs.map((spec) => addColumnSql(table, spec)).join("\n")}
-- Required answers are enforced by the CHECKs below (which can spare old rows),
-- so no column but id and created_at is NOT NULL: a column the survey does not
-- fill (the old app's, or a removed question's) must not refuse new responses.
do $codegen$
declare
  col record;
begin
  for col in
    select a.attname from pg_attribute a
     where a.attrelid = 'public.${table}'::regclass and a.attnum > 0 and not a.attisdropped and a.attnotnull
       and a.attname not in ('id', 'created_at')
       and not exists (select from pg_attrdef d where d.adrelid = a.attrelid and d.adnum = a.attnum)
  loop
    execute format('alter table public.${table} alter column %I drop not null', col.attname);
    raise notice '${table}.%: NOT NULL dropped (the survey does not always fill it; its rows are unchanged)', col.attname;
  end loop;
end
$codegen$;`;
}

/** Replaces the CHECK of each of `specs`, NOT VALID, then validates each that no old row breaks (else a notice counts them). */
export function replaceChecksSql(table: string, specs: { column: string; check: string }[]): string {
  const t = `public.${table}`;
  const names = specs.map((spec) => constraintName(table, spec.column));
  const replace = specs.map((spec, i) => `alter table ${t} drop constraint if exists ${names[i]};
alter table ${t} add constraint ${names[i]} check (${spec.check}) not valid;
comment on constraint ${names[i]} on ${t} is '${managedComment(spec.check)}';`);
  const validate = specs.map((spec, i) => `  select count(*) into broken from ${t} where not (${spec.check});
  if broken = 0 then
    alter table ${t} validate constraint ${names[i]};
  else
    raise notice '${table}: % old row(s) break ${names[i]}; they are kept, new rows must satisfy it', broken;
  end if;`);
  return `${replace.join("\n")}
-- Old rows that break a constraint are kept (NOT VALID); rows without any are checked once.
do $codegen$
declare
  broken bigint;
begin
${validate.join("\n")}
end
$codegen$;`;
}

function constraintsSql(table: string, specs: { column: string; check: string }[]): string {
  const t = `public.${table}`;
  const names = specs.map((spec) => constraintName(table, spec.column));
  return `-- Constraints this generator made earlier but no longer wants (e.g. of a removed question).
do $codegen$
declare
  old record;
begin
  for old in
    select c.conname from pg_constraint c
     where c.conrelid = '${t}'::regclass and c.contype = 'c'
       and obj_description(c.oid, 'pg_constraint') like '${MANAGED_COMMENT_PREFIX}%'
       and c.conname <> all (array[${names.map(sqlLiteral).join(", ")}])
  loop
    execute format('alter table ${t} drop constraint %I', old.conname);
  end loop;
end
$codegen$;
${replaceChecksSql(table, specs)}`;
}

export function accessSql(table: string, specs: readonly ColumnSpec[]): string {
  const t = `public.${table}`;
  const policy = insertPolicyName(table);
  return `-- The public key may insert a response and nothing else. One statement, so that
-- no moment exists with an old public read still open or without the insert policy.
do $codegen$
declare
  old record;
begin
  for old in
    select policyname, cmd from pg_policies
     where schemaname = 'public' and tablename = '${table}' and policyname <> '${policy}'
       and roles && array[${PUBLIC_ROLES.map(sqlLiteral).join(", ")}]::name[]
  loop
    execute format('drop policy %I on ${t}', old.policyname);
    raise notice '${table}: policy "%" (for %) dropped: the public key may only insert', old.policyname, old.cmd;
  end loop;
  drop policy if exists ${policy} on ${t};
  create policy ${policy} on ${t} for insert to anon, authenticated with check (true);
end
$codegen$;
alter table ${t} enable row level security;
revoke all on table ${t} from ${PUBLIC_ROLES.join(", ")};
grant insert on table ${t} to anon, authenticated;
drop trigger if exists ${TRIGGERS.oneResponse} on ${t};
create trigger ${TRIGGERS.oneResponse} after insert on ${t}
  referencing new table as inserted for each statement execute function ${ONE_RESPONSE_FUNCTION}();
drop trigger if exists ${TRIGGERS.serverTime} on ${t};
create trigger ${TRIGGERS.serverTime} before insert on ${t}
  for each row execute function ${SERVER_TIME_FUNCTION}();
-- The report lists the newest texts: it reads the table from its newest row.
create index if not exists ${table}_created_at_idx on ${t} (created_at desc, id);${isPartialTable(specs) ? `\n${partialAccessSql(table, specs)}` : ""}`;
}

/** The parts of a table's converging SQL, in the order they run. */
export const TABLE_PARTS = ["typeGuard", "columns", "checks", "access", "campaign"] as const;
export type TablePart = (typeof TABLE_PARTS)[number];

export function surveyTableParts(table: string, specs: ColumnSpec[], campaign: Campaign): Record<TablePart, string> {
  return {
    typeGuard: typeGuard(table, [...BASE_COLUMNS, ...specs]),
    columns: columnsSql(table, specs),
    checks: constraintsSql(table, [...baseChecks(), ...specs]),
    access: accessSql(table, specs),
    campaign: campaignTableSql(table, campaign, isPartialTable(specs)),
  };
}

/** The statements, in order, that converge `public.<table>` on `specs` and its campaign. */
export function surveyTableSql(table: string, specs: ColumnSpec[], campaign: Campaign): string[] {
  const parts = surveyTableParts(table, specs, campaign);
  return TABLE_PARTS.map((part) => parts[part]);
}
