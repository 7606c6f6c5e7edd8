/**
 * Share links (scripts/sql/share-links-sql.ts) made, listed and revoked with
 * the trusted side's rights, as members.ts changes the team: through
 * DATABASE_URL (psql) or PostgREST with the service_role key. The database
 * checks everything (filter, questions, minimum group, one filter per
 * survey's live links) and records each making and revoking in the team's
 * history; this only carries the request and words the answer.
 */
import { psql } from "../data-api/psql.ts";
import { TeamError, type TeamSource } from "./members.ts";

export interface ShareRequest {
  survey: string;
  filters: Record<string, unknown>;
  questions: string[] | null;
  freeTexts: boolean;
  crosstabs: boolean;
  minimumGroup: number;
  expiresAt: string | null;
}

export interface ShareLink {
  id: string;
  survey: string;
  madeBy: string;
  madeAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  filters: Record<string, unknown>;
  questions: string[];
  freeTexts: boolean;
  crosstabs: boolean;
  minimumGroup: number;
}

/** Calls one of the share functions with named arguments; resolves with its JSON answer. */
async function call(source: TeamSource, name: string, args: Record<string, unknown>): Promise<unknown> {
  if ("databaseUrl" in source) {
    const names = Object.keys(args);
    const variables = Object.fromEntries(names.map((key) => [key, JSON.stringify(args[key] ?? null)]));
    const list = names.map((key) => `${key} => (:'${key}'::jsonb #>> '{}')::${SQL_TYPES[key] ?? "text"}`).join(", ");
    const query = `select to_json(public.${name}(${list}));`;
    const args_ = ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", ...Object.entries(variables).flatMap(([key, value]) => ["--set", `${key}=${value}`])];
    const out = await psql(source.databaseUrl, args_, query).catch((error: Error) => {
      throw new TeamError(`[team] share: ${error.message}`);
    });
    return JSON.parse(out.trim() || "null") as unknown;
  }
  const headers = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, "content-type": "application/json" };
  const response = await fetch(`${source.url}/rest/v1/rpc/${name}`, { method: "POST", headers, body: JSON.stringify(args) }).catch((error: Error) => {
    throw new TeamError(`[team] cannot reach the data API at ${source.url} (${error.message})`);
  });
  const text = await response.text();
  if (!response.ok) {
    const answer = JSON.parse(text || "{}") as { message?: string };
    throw new TeamError(`[team] share: ${answer.message ?? `${response.status} ${text}`}`);
  }
  return JSON.parse(text || "null") as unknown;
}

/** Each argument's type, for psql (whose variables are text): jsonb passes the JSON as is, the others its text. */
const SQL_TYPES: Record<string, string> = {
  link_filters: "jsonb",
  link_questions: "text[]",
  link_free_texts: "boolean",
  link_crosstabs: "boolean",
  link_minimum_group: "int",
  link_expires_at: "timestamptz",
  link_id: "uuid",
};

export async function createShare(source: TeamSource, request: ShareRequest): Promise<ShareLink & { token: string }> {
  const args = {
    link_survey: request.survey, link_filters: request.filters, link_questions: request.questions, link_free_texts: request.freeTexts,
    link_crosstabs: request.crosstabs, link_minimum_group: request.minimumGroup, link_expires_at: request.expiresAt,
  };
  return (await call(source, "results_share_create", "databaseUrl" in source ? psqlArgs(args) : args)) as ShareLink & { token: string };
}

export const listShares = async (source: TeamSource): Promise<ShareLink[]> => (await call(source, "results_share_list", {})) as ShareLink[];

export const revokeShare = async (source: TeamSource, id: string): Promise<boolean> => (await call(source, "results_share_revoke", { link_id: id })) === true;

/** psql's casts: a jsonb argument stays JSON, a text[] becomes PostgreSQL's array literal, null stays null. */
function psqlArgs(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([key, value]) => {
    if (value === null || value === undefined) return [key, null];
    if (SQL_TYPES[key] === "jsonb") return [key, JSON.stringify(value)];
    if (Array.isArray(value)) return [key, `{${value.map((item) => `"${String(item).replace(/["\\]/g, "\\$&")}"`).join(",")}}`];
    return [key, String(value)];
  }));
}
