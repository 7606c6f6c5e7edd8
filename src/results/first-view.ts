/**
 * The first view's requests started together. Opened, the site waited for
 * each step before the next: the session, results_me, the dashboard's chunk,
 * the survey's file, then results_numbers (2.5 s to the first figure in
 * `npm run bench:results`). Once the token is known, results_me, the
 * dashboard's chunk and (for an address that asks for the plain numbers
 * view) the numbers start at once; the numbers need the survey's id, so
 * without ?survey= they start as soon as results_me names the member's
 * first survey. useNumbers takes these numbers for its first load when it
 * asks for the same survey, unfiltered, with the same token.
 */
import type { Member } from "./me.ts";
import { rpc } from "./supabase.ts";

/** The view's own parameters: any other one is a filter, whose numbers useNumbers asks for itself. */
const PLAIN = new Set(["survey", "view"]);

let early: { token: string; survey: string; numbers: Promise<unknown> } | null = null;

/** results_me, with the dashboard's chunk and the plain view's numbers started beside it. */
export function startFirstView(token: string, search: string): Promise<Member | null> {
  void import("./dashboard.tsx");
  const me = rpc<Member | null>("results_me");
  const params = new URLSearchParams(search);
  if ([...params.keys()].some((key) => !PLAIN.has(key)) || (params.get("view") ?? "numbers") !== "numbers") return me;
  const numbersOf = (survey: string) => {
    const numbers = rpc("results_numbers", { survey, filters: {} });
    // Unhandled until useNumbers takes it, and perhaps never (another view chosen meanwhile).
    numbers.catch(() => {});
    early = { token, survey, numbers };
  };
  const asked = params.get("survey");
  if (asked) numbersOf(asked);
  else void me.then((member) => member?.surveys[0] && numbersOf(member.surveys[0].id), () => {});
  return me;
}

/** The numbers started early for this survey and token, unfiltered; once. */
export function takeEarlyNumbers<T>(token: string | undefined, survey: string, filtersKey: string): Promise<T> | null {
  if (!early || early.token !== token || early.survey !== survey || filtersKey !== "{}") return null;
  const { numbers } = early;
  early = null;
  return numbers as Promise<T>;
}
