/**
 * Reads what db:check compares from a live database's catalogs, in one
 * query per table: plain catalog reads, the same on a hosted Supabase
 * project, a local PostgreSQL and PGlite.
 */
import type pg from "pg";
import { CAMPAIGNS_TABLE } from "../sql/campaign-sql.ts";
import type { ExpectedDatabase } from "../sql/expected-database.ts";

export const PUBLIC_ROLES = ["anon", "authenticated"] as const;
export const PRIVILEGES = ["SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE"] as const;

export interface ActualTable {
  exists: boolean;
  columns: Record<string, string>;
  constraints: Record<string, { comment: string | null; validated: boolean }>;
  rowSecurity: boolean;
  policies: { name: string; command: string; roles: string[] }[];
  /** role → privileges it holds on the table. */
  privileges: Record<string, string[]>;
  triggers: string[];
  /** constraint name → old rows that break it (only for constraints not validated). */
  brokenRows: Record<string, number>;
  /** The campaign row: window as ms since the epoch; null when the table has none. */
  campaign: { opensAt: number | null; closesAt: number | null; maxResponses: number | null } | null;
}

export interface ActualDatabase {
  tables: Record<string, ActualTable>;
  /** view → privileges the public roles hold on it; null when the view does not exist. */
  views: Record<string, Record<string, string[]> | null>;
  functions: Record<string, boolean>;
  roleSettings: Record<string, Record<string, string>>;
  /** null when the migrations table does not exist. */
  appliedMigrations: string[] | null;
}

const TABLE_SQL = `
select
  to_regclass($1) is not null as exists,
  coalesce((select json_object_agg(a.attname, format_type(a.atttypid, null)) from pg_attribute a
             where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped), '{}') as columns,
  coalesce((select json_object_agg(c.conname, json_build_object('comment', obj_description(c.oid, 'pg_constraint'), 'validated', c.convalidated))
              from pg_constraint c where c.conrelid = to_regclass($1) and c.contype = 'c'), '{}') as constraints,
  coalesce((select relrowsecurity from pg_class where oid = to_regclass($1)), false) as "rowSecurity",
  coalesce((select json_agg(json_build_object('name', policyname, 'command', cmd, 'roles', roles::text[]) order by policyname)
              from pg_policies where schemaname = 'public' and tablename = $2), '[]') as policies,
  coalesce((select json_agg(name) from pg_trigger t, lateral (select t.tgname::text as name) n
             where t.tgrelid = to_regclass($1) and not t.tgisinternal), '[]') as triggers`;

// A grant on some columns only (as visit_events' INSERT) counts too: it is what the key can do.
const COLUMN_PRIVILEGES = new Set<string>(["SELECT", "INSERT", "UPDATE"]);

async function privilegesOf(client: pg.Client, table: string): Promise<Record<string, string[]>> {
  const checks = PUBLIC_ROLES.flatMap((role) =>
    PRIVILEGES.map((privilege) => `${COLUMN_PRIVILEGES.has(privilege) ? "has_any_column_privilege" : "has_table_privilege"}('${role}', to_regclass($1), '${privilege}') as "${role}:${privilege}"`),
  );
  const { rows } = await client.query(`select ${checks.join(", ")}`, [`public.${table}`]);
  const result: Record<string, string[]> = {};
  for (const role of PUBLIC_ROLES) result[role] = PRIVILEGES.filter((privilege) => rows[0][`${role}:${privilege}`]);
  return result;
}

async function campaignOf(client: pg.Client, table: string): Promise<ActualTable["campaign"]> {
  const exists = (await client.query(`select to_regclass('${CAMPAIGNS_TABLE}') is not null as exists`)).rows[0].exists;
  if (!exists) return null;
  const { rows } = await client.query(
    `select (extract(epoch from opens_at) * 1000)::float8 as "opensAt", (extract(epoch from closes_at) * 1000)::float8 as "closesAt", max_responses as "maxResponses" from ${CAMPAIGNS_TABLE} where survey_table = $1`,
    [table],
  );
  return rows[0] ?? null;
}

export async function inspectDatabase(client: pg.Client, expected: ExpectedDatabase): Promise<ActualDatabase> {
  const tables: Record<string, ActualTable> = {};
  for (const { table, constraints } of expected.tables) {
    const { rows } = await client.query(TABLE_SQL, [`public.${table}`, table]);
    const actual: ActualTable = { ...rows[0], privileges: {}, brokenRows: {}, campaign: await campaignOf(client, table) };
    if (actual.exists) {
      actual.privileges = await privilegesOf(client, table);
      for (const { name, check } of constraints) {
        if (actual.constraints[name]?.validated !== false) continue;
        const broken = await client.query(`select count(*)::int as n from public.${table} where not (${check})`).catch(() => null);
        if (broken) actual.brokenRows[name] = broken.rows[0].n;
      }
    }
    tables[table] = actual;
  }
  const views: Record<string, Record<string, string[]> | null> = {};
  for (const view of expected.closedViews) {
    const exists = (await client.query("select to_regclass($1) is not null as exists", [`public.${view}`])).rows[0].exists;
    views[view] = exists ? await privilegesOf(client, view) : null;
  }
  const functions: Record<string, boolean> = {};
  for (const name of expected.functions) {
    functions[name] = (await client.query("select to_regproc($1) is not null as exists", [name])).rows[0].exists;
  }
  const settings = await client.query<{ role: string; setting: string }>(
    "select r.rolname as role, s.setting from pg_roles r cross join lateral unnest(r.rolconfig) as s(setting) where r.rolname = any($1) union all select r.rolname, s.setting from pg_db_role_setting d join pg_roles r on r.oid = d.setrole cross join lateral unnest(d.setconfig) as s(setting) where r.rolname = any($1)",
    [Object.keys(expected.roleSettings)],
  );
  const roleSettings: Record<string, Record<string, string>> = {};
  for (const { role, setting } of settings.rows) {
    const at = setting.indexOf("=");
    (roleSettings[role] ??= {})[setting.slice(0, at)] = setting.slice(at + 1);
  }
  const hasMigrations = (await client.query("select to_regclass('supabase_migrations.schema_migrations') is not null as exists")).rows[0].exists;
  const appliedMigrations = hasMigrations ? (await client.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map((row) => row.version) : null;
  return { tables, views, functions, roleSettings, appliedMigrations };
}
