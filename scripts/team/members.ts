/**
 * The team's members (public.team_members, scripts/sql/team-sql.ts) read and
 * changed with the trusted side's rights: through DATABASE_URL (psql), or
 * through PostgREST with the service_role key (a hosted project, or the
 * local data API). Owners may also do this on the results site's members
 * page; this is how the first owner gets in.
 */
import { psql } from "../data-api/psql.ts";
import { TEAM_ROLES, type TeamRole } from "../sql/team-sql.ts";
import { UserError } from "../lib/cli.ts";

export interface Member {
  email: string;
  role: TeamRole;
  personal: boolean;
  added_at?: string;
}

export class TeamError extends UserError {}

export type TeamSource = { databaseUrl: string } | { url: string; serviceKey: string };

export function checkMember(email: string, role: string): Member["role"] {
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new TeamError(`[team] "${email}" is not an e-mail address`);
  if (!(TEAM_ROLES as readonly string[]).includes(role)) throw new TeamError(`[team] --role ${role}: a role is one of ${TEAM_ROLES.join(", ")}`);
  return role as TeamRole;
}

async function sql(databaseUrl: string, query: string, variables: Record<string, string> = {}): Promise<string> {
  const args = ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", ...Object.entries(variables).flatMap(([name, value]) => ["--set", `${name}=${value}`])];
  return psql(databaseUrl, args, query).catch((error: Error) => {
    throw new TeamError(`[team] through DATABASE_URL: ${error.message}`);
  });
}

async function rest(source: { url: string; serviceKey: string }, method: string, path: string, body?: unknown, prefer = "return=minimal"): Promise<unknown> {
  const headers = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, "content-type": "application/json", prefer };
  const response = await fetch(`${source.url}/rest/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }).catch((error: Error) => {
    throw new TeamError(`[team] cannot reach the data API at ${source.url} (${error.message})`);
  });
  if (!response.ok) throw new TeamError(`[team] ${method} ${path}: ${response.status} ${await response.text()} (is the team's migration applied? npm run db:check)`);
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

export async function listMembers(source: TeamSource): Promise<Member[]> {
  if ("databaseUrl" in source) {
    const json = await sql(source.databaseUrl, "select coalesce(json_agg(m order by m.email), '[]') from public.team_members m;");
    return JSON.parse(json) as Member[];
  }
  return (await rest(source, "GET", "team_members?select=*&order=email", undefined, "")) as Member[];
}

/** Adds a member, or changes an existing one's role and grant. */
export async function addMember(source: TeamSource, member: Member): Promise<void> {
  const row = { email: member.email.toLowerCase(), role: member.role, personal: member.personal };
  if ("databaseUrl" in source) {
    await sql(source.databaseUrl, `insert into public.team_members (email, role, personal) values (:'email', :'role', :'personal'::boolean)
on conflict (email) do update set role = excluded.role, personal = excluded.personal;`, { email: row.email, role: row.role, personal: String(row.personal) });
    return;
  }
  await rest(source, "POST", "team_members", row, "return=minimal,resolution=merge-duplicates");
}

/** Removes a member; resolves false when there was none with that e-mail. */
export async function removeMember(source: TeamSource, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  if ("databaseUrl" in source) {
    return (await sql(source.databaseUrl, "delete from public.team_members where email = :'email' returning email;", { email: address })).trim() !== "";
  }
  const removed = (await rest(source, "DELETE", `team_members?email=eq.${encodeURIComponent(address)}`, undefined, "return=representation")) as unknown[];
  return removed.length > 0;
}
