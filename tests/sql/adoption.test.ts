// The generated migrations on an empty database and on the live app's database
// (its tables already there, with fewer and other columns, a public read policy
// and old rows), on PGlite and on a real PostgreSQL, as `supabase db push` applies them.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyProjectMigrations, BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { shippedSurvey, validRow } from "../support/survey-rows.ts";

const foreign = shippedSurvey("foreign-form");
const medical = shippedSurvey("medical-form");
const TABLES = [foreign.table, medical.table];

/** The old app's forms_estrangeiros, as a Supabase project created it. */
const OLD_APP_SQL = `
create table public.forms_estrangeiros (
  id uuid primary key default gen_random_uuid(),
  created_at timestamp with time zone default now(),
  nome_completo text not null,
  idade text,
  genero character varying(50),
  redes_sociais text[],
  influencia_online integer,
  origem_antiga text not null,
  notas text
);
alter table public.forms_estrangeiros enable row level security;
create policy "Anyone can view" on public.forms_estrangeiros for select using (true);
create policy "Anyone can insert" on public.forms_estrangeiros for insert with check (true);
insert into public.forms_estrangeiros (id, created_at, nome_completo, idade, genero, redes_sociais, influencia_online, origem_antiga, notas) values
  ('00000000-0000-4000-8000-000000000001', '2025-03-01 10:00+00', 'Ana Pérez', '31', 'Mujer', '{Instagram,Orkut}', 0, 'site', null),
  ('00000000-0000-4000-8000-000000000002', '2025-03-02 11:00+00', 'Luis Gómez', '45', 'Masculino', '{TikTok}', 7, 'whatsapp', 'llamar'),
  ('00000000-0000-4000-8000-000000000003', '2025-03-03 12:00+00', '   ', null, null, null, null, 'site', null);
`;
const OLD_COLUMNS = "id, created_at, nome_completo, idade, genero, redes_sociais, influencia_online, origem_antiga, notas";

const columnsOf = async (db: SqlBackend, table: string) =>
  (await db.query<{ column_name: string }>("select column_name from information_schema.columns where table_schema = 'public' and table_name = $1", [table])).map((row) => row.column_name);

const refusal = (db: SqlBackend, role: string, sql: string) => db.asRole(role, sql).then(() => "allowed", (error: { code?: string }) => error.code);

describe.each(BACKENDS)("generated migrations on %s", (_, open) => {
  describe("on an empty database", () => {
    let db: SqlBackend;
    beforeAll(async () => {
      db = await open();
      await applyProjectMigrations(db);
    }, 120_000);
    afterAll(() => db?.close());

    test.each(TABLES)("%s: row level security is on, and the only policy lets the public roles insert", async (table) => {
      const [cls] = await db.query<{ relrowsecurity: boolean }>("select relrowsecurity from pg_class where oid = $1::regclass", [`public.${table}`]);
      expect(cls!.relrowsecurity).toBe(true);
      const policies = await db.query("select policyname, cmd, roles::text[] as roles from pg_policies where schemaname = 'public' and tablename = $1", [table]);
      expect(policies).toEqual([{ policyname: `${table}_insert_anon`, cmd: "INSERT", roles: ["anon", "authenticated"] }]);
    });

    test.each(TABLES)("%s: anon and authenticated hold INSERT and no other privilege", async (table) => {
      const privileges = await db.query<{ grantee: string; privilege_type: string }>(
        "select grantee, privilege_type from information_schema.role_table_grants where table_schema = 'public' and table_name = $1 and grantee in ('anon', 'authenticated', 'PUBLIC') order by grantee",
        [table],
      );
      expect(privileges).toEqual([
        { grantee: "anon", privilege_type: "INSERT" },
        { grantee: "authenticated", privilege_type: "INSERT" },
      ]);
    });

    test("applying every migration a second time changes nothing and fails nothing", async () => {
      const before = await db.query("select conname, convalidated, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace order by conname");
      await applyProjectMigrations(db);
      expect(await db.query("select conname, convalidated, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace order by conname")).toEqual(before);
    });
  });

  describe("on the live app's database", () => {
    let db: SqlBackend;
    let notices: string[];
    let oldRows: unknown[];
    beforeAll(async () => {
      db = await open();
      await db.migrate(OLD_APP_SQL);
      // A Supabase project grants the API roles everything on new public tables.
      oldRows = await db.query(`select ${OLD_COLUMNS} from public.forms_estrangeiros order by id`);
      notices = await applyProjectMigrations(db);
    }, 120_000);
    afterAll(() => db?.close());

    test("every old row and every old column is still there, unchanged", async () => {
      expect(await db.query(`select ${OLD_COLUMNS} from public.forms_estrangeiros order by id`)).toEqual(oldRows);
    });

    test("the survey's missing columns were added", async () => {
      const columns = await columnsOf(db, foreign.table);
      for (const column of ["pais", "pais_outro", "conteudo_desejado", "participar_testes"]) expect(columns).toContain(column);
    });

    test("the public read policy is gone, and the notice said so", async () => {
      const policies = await db.query<{ policyname: string }>("select policyname from pg_policies where tablename = 'forms_estrangeiros'");
      expect(policies.map((row) => row.policyname)).toEqual(["forms_estrangeiros_insert_anon"]);
      expect(notices).toContain('forms_estrangeiros: policy "Anyone can view" (for SELECT) dropped: the public key may only insert');
    });

    test("old rows that break the new constraints are kept, and a notice counts them per constraint", async () => {
      expect(notices).toContain("forms_estrangeiros: 1 old row(s) break forms_estrangeiros_nome_completo_check; they are kept, new rows must satisfy it");
      expect(notices).toContain("forms_estrangeiros: 2 old row(s) break forms_estrangeiros_genero_check; they are kept, new rows must satisfy it");
      const [constraint] = await db.query<{ convalidated: boolean }>("select convalidated from pg_constraint where conname = 'forms_estrangeiros_genero_check'");
      expect(constraint!.convalidated).toBe(false);
    });

    test("an old NOT NULL column the survey does not fill no longer refuses new responses", async () => {
      const row = validRow(foreign);
      const columns = Object.keys(row).join(", ");
      const insert = `insert into public.forms_estrangeiros (${columns}) select ${columns} from json_populate_record(null::public.forms_estrangeiros, $1)`;
      await expect(db.asRole("anon", insert, [JSON.stringify(row)])).resolves.toBeUndefined();
    });

    test.each([
      ["SELECT", "select * from public.forms_estrangeiros"],
      ["UPDATE", "update public.forms_estrangeiros set notas = 'x' where id = '00000000-0000-4000-8000-000000000002'"],
      ["DELETE", "delete from public.forms_estrangeiros where id = '00000000-0000-4000-8000-000000000002'"],
    ])("anon %s is refused with 42501", async (_, sql) => {
      expect(await refusal(db, "anon", sql)).toBe("42501");
      expect(await refusal(db, "authenticated", sql)).toBe("42501");
    });
  });

  describe("on a database whose column cannot hold the survey's answers", () => {
    let db: SqlBackend;
    beforeAll(async () => {
      db = await open();
      await db.migrate(`create table public.forms_estrangeiros (id uuid primary key, motivacao integer);
        insert into public.forms_estrangeiros values ('00000000-0000-4000-8000-000000000001', 3);`);
    }, 120_000);
    afterAll(() => db?.close());

    test("the migration stops with one line naming table, column, both types and what to do, and changes nothing", async () => {
      const error = await applyProjectMigrations(db).then(() => undefined, (failure: Error) => failure);
      expect(error?.message).toBe(
        "forms_estrangeiros.motivacao is integer in the database but the survey needs text[]: nothing was changed. Give the question a new id in the survey file (a new column), or convert or rename the column in a migration of your own that runs before this one.",
      );
      expect(await columnsOf(db, "forms_estrangeiros")).toEqual(["id", "motivacao"]);
      expect(await db.query("select * from public.forms_estrangeiros")).toEqual([{ id: "00000000-0000-4000-8000-000000000001", motivacao: 3 }]);
      const [cls] = await db.query<{ relrowsecurity: boolean }>("select relrowsecurity from pg_class where oid = 'public.forms_estrangeiros'::regclass");
      expect(cls!.relrowsecurity).toBe(false);
    });
  });
});
