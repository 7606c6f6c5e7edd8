/**
 * Owners: the survey's share links (results_share_list), making one with
 * this page's filters (results_share_create: the database checks the
 * filter, the day, the minimum group and the questions, and keeps only the
 * token's hash, so the address is shown once here) and revoking one
 * (results_share_revoke). Both are in the team's history.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { interpolate } from "../core/interpolate.ts";
import { SHARE_REFUSALS, type ShareRefusal } from "../core/share-refusals.ts";
import { rpc } from "./auth-client.ts";
import type { DatabaseAnswer } from "./refusal.ts";
import { refusalText } from "./refusal-text.ts";
import type { ResultsWords } from "./words/index.ts";

interface Link { id: string; survey: string; madeBy: string; madeAt: string; expiresAt: string | null; revokedAt: string | null; filters: { until?: string }; minimumGroup: number }

interface Props { survey: string; filters: Record<string, unknown>; words: ResultsWords; time: (iso: string) => string }

/** A share function's refusal in the team's words (its DETAIL is share/<key>), else as the results site says any refusal. */
function shareRefusalText(words: ResultsWords, failure: unknown): string {
  const key = (failure as DatabaseAnswer | null)?.details?.replace(/^share\//, "");
  return key && Object.hasOwn(SHARE_REFUSALS, key) ? words.shares.refusals[key as ShareRefusal] : refusalText(words, failure);
}

export function SharesView({ survey, filters, words, time }: Props) {
  const w = words.shares;
  const [links, setLinks] = useState<Link[]>([]);
  const [address, setAddress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => rpc<Link[]>("results_share_list").then((all) => setLinks(all.filter((link) => link.survey === survey)), (failure: unknown) => setError(shareRefusalText(words, failure))), [survey]);
  useEffect(() => void load(), [load]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const until = String(form.get("until") ?? "");
    const args = {
      link_survey: survey, link_filters: { ...filters, ...(until && { until }) }, link_crosstabs: form.get("crosstabs") === "on",
      link_free_texts: form.get("freeTexts") === "on", link_minimum_group: Number(form.get("minimumGroup")),
    };
    rpc<{ token: string }>("results_share_create", args).then(
      (made) => (setError(null), setAddress(`${window.location.origin}/resultados/publico/${encodeURIComponent(survey)}/#${made.token}`), void load()),
      (failure: unknown) => setError(shareRefusalText(words, failure)),
    );
  };
  const revoke = (id: string) => rpc("results_share_revoke", { link_id: id }).then(() => (setError(null), void load()), (failure: unknown) => setError(shareRefusalText(words, failure)));
  return (
    <section className="card" aria-labelledby="shares-heading">
      <h2 id="shares-heading">{w.heading}</h2>
      <p className="meta">{w.intro}</p>
      {error && <p role="alert">{interpolate(words.failed, { message: error })}</p>}
      <form className="member-form" onSubmit={submit} aria-label={w.make}>
        <label>{w.until}<input type="date" name="until" /></label>
        <label>{w.minimumGroup}<input type="number" name="minimumGroup" min={2} defaultValue={11} required /></label>
        <label className="check"><input type="checkbox" name="crosstabs" defaultChecked />{w.crosstabs}</label>
        <label className="check"><input type="checkbox" name="freeTexts" />{w.freeTexts}</label>
        <button type="submit">{w.make}</button>
      </form>
      {address && (
        <p role="status" id="share-made">
          {w.made} <label>{w.address}<input type="text" readOnly value={address} id="share-address" /></label>
        </p>
      )}
      {links.length === 0 && <p>{w.none}</p>}
      <ul className="members" aria-labelledby="shares-heading">
        {links.map((link) => {
          const values = { madeBy: link.madeBy, madeAt: time(link.madeAt), until: link.filters.until ?? "—", count: link.minimumGroup };
          return (
            <li key={link.id}>
              {interpolate(w.link, values)}
              {link.revokedAt ? <span className="meta"> · {w.revoked}</span> : (
                <>
                  {link.expiresAt && <span className="meta"> · {interpolate(w.expires, { at: time(link.expiresAt) })}</span>}{" "}
                  <button type="button" onClick={() => void revoke(link.id)} aria-label={interpolate(w.revokeLink, values)}>{w.revoke}</button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
