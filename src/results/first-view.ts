/**
 * The first view's requests started together, from the site's small entry.
 * Opened, the site waited for each step before the next: its script, the
 * session (supabase-js's /auth/v1/user), results_me, the dashboard's chunk,
 * the survey's file, then results_numbers (2.4 s to the first figure in
 * `npm run bench:results`). Now a sign-in link's token (in the address's
 * fragment) starts, before React and supabase-js are even loaded:
 * results_me, the dashboard's chunk and, for an address that asks for the
 * plain numbers view, the survey's file and its numbers. Without ?survey=
 * the numbers go to the build's first survey (the one results_me names
 * first when the database holds the build's surveys), and to the one it
 * names once it answers if that is another. useNumbers takes these numbers
 * for its first load when it asks for the same survey, unfiltered.
 * supabase-js still reads and persists the session from the same fragment;
 * the app trusts the token for these requests only (PostgREST checks it).
 */
import { surveyRoutes } from "../config/load-surveys.ts";
import type { Member } from "./me.ts";
import { rpcWithToken } from "./rest-rpc.ts";
import { loadSurveyConfig } from "./survey-config.ts";

/** The view's own parameters: any other one is a filter, whose numbers useNumbers asks for itself. */
const PLAIN = new Set(["survey", "view", "lang"]);
/** results_me lists the surveys by id. */
const FIRST_SURVEY = surveyRoutes.map((route) => route.id).sort()[0];

let started: { token: string; me: Promise<Member | null> } | null = null;
let early: { survey: string; numbers: Promise<unknown> } | null = null;
let linked: string | null = null;

/** The access token a sign-in link leaves in the fragment (#access_token=…), as Supabase Auth's magic link does. */
export function tokenOfLink(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("access_token");
}

/** At the entry: a sign-in link's first view, started before supabase-js has taken the token from the address. */
export function startFromLink({ hash, search }: { hash: string; search: string }): void {
  linked = tokenOfLink(hash);
  if (linked) startFirstView(linked, search).catch(() => {});
}

/** The token the entry started the first view with, if the site was opened by a sign-in link. */
export const linkedToken = (): string | null => linked;

let dashboardChunk: Promise<unknown> | undefined;

/** The dashboard's chunk as the first view started loading it (undefined before): loaded once, whatever the tokens. */
export const dashboardPrefetch = (): Promise<unknown> | undefined => dashboardChunk;

/** results_me, with the dashboard's chunk and the plain view's survey file and numbers started beside it; once per token. */
export function startFirstView(token: string, search: string): Promise<Member | null> {
  if (started?.token === token) return started.me;
  early = null;
  // Nothing waits for it here (the app's lazy dashboard imports the same chunk); a failed load is the app's to report.
  dashboardChunk ??= import("./dashboard.tsx").catch(() => undefined);
  const me = rpcWithToken<Member | null>(token, "results_me");
  started = { token, me };
  // A failed start is not kept: the app asks again once supabase-js has settled the session.
  me.catch(() => started?.me === me && (started = null));
  const params = new URLSearchParams(search);
  if ([...params.keys()].some((key) => !PLAIN.has(key)) || (params.get("view") ?? "numbers") !== "numbers") return me;
  const numbersOf = (survey: string) => {
    loadSurveyConfig(survey).catch(() => {});
    const numbers = rpcWithToken(token, "results_numbers", { survey, filters: {} });
    // Unhandled until useNumbers takes it, and perhaps never (another view chosen meanwhile).
    numbers.catch(() => {});
    early = { survey, numbers };
  };
  const asked = params.get("survey") ?? FIRST_SURVEY;
  if (asked) numbersOf(asked);
  if (!params.get("survey")) {
    void me.then((member) => {
      const first = member?.surveys[0]?.id;
      if (first && first !== asked && started?.me === me) numbersOf(first);
    }, () => {});
  }
  return me;
}

/** The numbers started early for this survey, unfiltered; once. */
export function takeEarlyNumbers<T>(survey: string, filtersKey: string): Promise<T> | null {
  if (!early || early.survey !== survey || filtersKey !== "{}") return null;
  const { numbers } = early;
  early = null;
  return numbers as Promise<T>;
}
