/**
 * The local data API with the project's migrations, on PGlite or on a real
 * PostgreSQL 15 (data-api-on.ts), plus one
 * generated migration that makes foreign-form ask a second factor for
 * personal data (team-survey-sql.ts with personalDataNeedsTwoFactor), a
 * team of one member per role, and responses sent as respondents send them
 * (the anon key, one per request). Tokens are minted as Supabase Auth mints
 * them (scripts/team/local-session.ts).
 */
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataApi } from "../../scripts/data-api/index.ts";
import { teamSurveySql } from "../../scripts/sql/team-survey-sql.ts";
import { startDataApiOn } from "./data-api-on.ts";
import { MIGRATIONS_DIR } from "./sql-backends.ts";
import { shippedSurvey, validRow } from "./survey-rows.ts";

export const TEAM = {
  viewer: { email: "viewer@equipe.test", role: "viewer", personal: false },
  analyst: { email: "analyst@equipe.test", role: "analyst", personal: false },
  personal: { email: "personal@equipe.test", role: "analyst", personal: true },
  owner: { email: "owner@equipe.test", role: "owner", personal: false },
} as const;

/** Names sent by the respondents: two start with A, so that a filter nome_completo=like.A* would have something to find. */
export const NAMES = ["Ana Lima", "Alberto Ruiz", "Beatriz Soto"];

export interface ResultsApi {
  api: DataApi;
  backend: string;
  stop(): Promise<void>;
}

/** `extra`: more survey rows for the results site (team-survey-sql.ts of a variant), applied after the project's migrations. */
export async function startResultsApi(backend: "PGlite" | "PostgreSQL", extra: string[] = []): Promise<ResultsApi> {
  const migrationsDir = mkdtempSync(join(tmpdir(), "results-migrations-"));
  cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
  const twoFactor = { ...shippedSurvey("foreign-form"), personalDataNeedsTwoFactor: true };
  writeFileSync(join(migrationsDir, "29991231235959_team_two_factor.sql"), `${teamSurveySql(twoFactor).join("\n\n")}\n`);
  extra.forEach((sql, at) => writeFileSync(join(migrationsDir, `2999123123${String(at).padStart(4, "0")}_extra.sql`), `${sql}\n`));
  const { api, stop } = await startDataApiOn(backend, migrationsDir);
  const service = { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
  const members = await fetch(`${api.restUrl}/team_members`, { method: "POST", headers: service, body: JSON.stringify(Object.values(TEAM)) });
  if (!members.ok) throw new Error(`team: ${members.status} ${await members.text()}`);
  for (const id of ["medical-form", "foreign-form"] as const) {
    const config = shippedSurvey(id);
    for (const name of NAMES) await sendResponse(api, config.table, { ...validRow(config), nome_completo: name });
  }
  return {
    api,
    backend,
    stop,
  };
}

/** One response, as the survey page sends it (anon key, return=minimal). */
export async function sendResponse(api: DataApi, table: string, row: object): Promise<void> {
  const response = await fetch(`${api.restUrl}/${table}`, {
    method: "POST",
    headers: { apikey: api.anonKey, "content-type": "application/json", prefer: "return=minimal" },
    body: JSON.stringify(row),
  });
  if (!response.ok) throw new Error(`insert into ${table}: ${response.status} ${await response.text()}`);
}
