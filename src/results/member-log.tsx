/** Owners: the team's history (results_member_log, newest first), read again after each change made on the page. The database writes it; nobody edits it here. */
import { useEffect, useState } from "react";
import { interpolate } from "../core/interpolate.ts";
import { rpc } from "./auth-client.ts";
import type { Role } from "./me.ts";
import type { ResultsWords } from "./words/index.ts";
import { refusalText } from "./refusal-text.ts";

interface Entry {
  id: number;
  at: string;
  actor: string;
  member: string;
  action: "added" | "changed" | "removed" | "shareMade" | "shareRevoked";
  role_before: Role | null;
  role_after: Role | null;
  personal_before: boolean | null;
  personal_after: boolean | null;
  segment_before?: string | null;
  segment_after?: string | null;
}

export function MemberLog({ words, version, time, segments = [] }: { words: ResultsWords; version: number; time: (iso: string) => string; segments?: { id: string; name: string }[] }) {
  const w = words.members;
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => void rpc<Entry[]>("results_member_log").then(setEntries, (failure: unknown) => setError(refusalText(words, failure))), [version]);
  const role = (value: Role | null) => (value ? words.role[value] : w.none);
  const grant = (value: boolean | null) => (value === null ? w.none : value ? w.yes : w.no);
  const segment = (id: string | null | undefined) => (id ? segments.find((s) => s.id === id)?.name ?? id.slice(0, 8) : w.noLimit);
  return (
    <section aria-labelledby="member-log-heading">
      <h3 id="member-log-heading">{w.log}</h3>
      <p className="meta">{w.logIntro}</p>
      {error && <p role="alert">{interpolate(words.failed, { message: error })}</p>}
      {entries?.length === 0 && <p>{w.logNone}</p>}
      <ul className="members" id="member-log" aria-labelledby="member-log-heading">
        {entries?.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at}>{time(entry.at)}</time> · {interpolate(w.entry, { actor: entry.actor, action: w.action[entry.action], member: entry.member })}
            {!entry.action.startsWith("share") && (
              <span className="meta"> · {interpolate(w.change, { before: role(entry.role_before), after: role(entry.role_after), personalBefore: grant(entry.personal_before), personalAfter: grant(entry.personal_after) })}
                {(entry.segment_before || entry.segment_after) && interpolate(w.segmentChange, { before: segment(entry.segment_before), after: segment(entry.segment_after) })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
