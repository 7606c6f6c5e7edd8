// The API roles as the Supabase CLI's local stack has them. The statements are
// idempotent and run on every start, so a data dir created by an older version of
// this script, or a DATABASE_URL server that already has some roles, converges.

/**
 * Password of the `authenticator` login role, the Supabase CLI's local default.
 * Only used when the role is created; PGlite ignores passwords altogether.
 */
export const AUTHENTICATOR_PASSWORD = "postgres";

/** An SQL string literal (standard_conforming_strings, the default since PostgreSQL 9.1). */
export const quoteLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

export const ROLES_SQL = `
set client_min_messages = warning;

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password ${quoteLiteral(AUTHENTICATOR_PASSWORD)};
  end if;
end
$$;

-- PostgREST connects as authenticator and switches to one of these per request.
grant anon, authenticated, service_role to authenticator;

-- What a Supabase project grants: the API roles use the public schema and get
-- every privilege on what is created in it later (tables, sequences, functions).
-- Only a migration's row level security and revokes stand between the anon key
-- and the data, exactly as in production.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- service_role is the trusted server-side key (tests read responses back with it).
grant all on all tables in schema public to service_role;
grant all on all sequences in schema public to service_role;
grant all on all routines in schema public to service_role;

reset client_min_messages;
`;
