/**
 * What the results site's specs share (results.spec.ts, results-analysis.spec.ts):
 * the survey they read, a team of one member per role, responses sent as a
 * respondent sends them under a campaign of their own, and the sign-in link.
 * TEAM is one per worker (this module is loaded once), so the specs' hooks
 * upsert the same members.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ANON_KEY } from "../../../scripts/data-api/keys.ts";
import { localSignInLink } from "../../../scripts/team/local-session.ts";
import { shippedSurvey, validRow } from "../../support/survey-rows.ts";
import type { SharedStack } from "./env.ts";

export const config = shippedSurvey("foreign-form");
export const NAME = "Ana Resultados";
/** This worker's run: the team's and the test's own e-mail addresses carry it. */
export const run = randomUUID().slice(0, 8);
export const TEAM = {
  viewer: { email: `viewer-${run}@equipe.test`, role: "viewer", personal: false },
  analyst: { email: `analyst-${run}@equipe.test`, role: "analyst", personal: false },
  owner: { email: `owner-${run}@equipe.test`, role: "owner", personal: false },
} as const;

export async function api(stack: SharedStack, path: string, init: { method: string; body: unknown; key?: string; prefer?: string }): Promise<void> {
  const key = init.key ?? stack.serviceRoleKey;
  const response = await fetch(`${stack.apiUrl}/rest/v1/${path}`, {
    method: init.method,
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json", prefer: init.prefer ?? "return=minimal" },
    body: JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

/** One response as a respondent sends it (the anon key), under this test's campaign. */
export async function respond(stack: SharedStack, campaign: string, genero = "Masculino"): Promise<void> {
  await api(stack, config.table, { method: "POST", key: ANON_KEY, body: { ...validRow(config), nome_completo: NAME, genero, utm_campaign: campaign } });
}

export async function seed(stack: SharedStack, generos: string[]): Promise<string> {
  const campaign = `results-${randomUUID().slice(0, 8)}`;
  for (const genero of generos) await respond(stack, campaign, genero);
  return campaign;
}

/** The member's sign-in link, opened on /resultados with this query. */
export async function signIn(page: Page, baseURL: string, email: string, query: string): Promise<void> {
  await page.goto(localSignInLink(baseURL, email).replace("/resultados#", `/resultados/?${query}#`));
}

export const stat = (page: Page, id: string) => page.locator(`#stat-${id} dd`);

// The first view after signing in waits longer than other steps: a PostgREST connection's first call of the results
// functions makes PostgreSQL plan them (seconds on PGlite when the machine is busy); what is timed is the bench's job.
export const FIRST_VIEW = { timeout: 30_000 };

/** The team's members on a stack (upserted: a worker runs a spec's hook again each time it comes back to the file). */
export const addTeam = (stack: SharedStack) => api(stack, "team_members", { method: "POST", body: Object.values(TEAM), prefer: "return=minimal,resolution=merge-duplicates" });
