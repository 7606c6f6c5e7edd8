/** Owners: the team (results_members), adding or changing a member (results_set_member), removing one (results_remove_member), and the team's history (member-log.tsx). */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { interpolate } from "../core/interpolate.ts";
import type { Role } from "./me.ts";
import { rpc } from "./auth-client.ts";
import { MemberLog } from "./member-log.tsx";
import type { ResultsWords } from "./words/index.ts";
import { refusalText } from "./refusal-text.ts";

interface Row {
  email: string;
  role: Role;
  personal: boolean;
  segment: string | null;
}

const ROLES: Role[] = ["viewer", "analyst", "owner"];

export function MembersView({ survey, words, time }: { survey: string; words: ResultsWords; time: (iso: string) => string }) {
  const w = words.members;
  const [members, setMembers] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Each change made here: the history is read again.
  const [changes, setChanges] = useState(0);
  const load = useCallback(() => rpc<Row[]>("results_members").then(setMembers, (failure: unknown) => setError(refusalText(words, failure))), []);
  useEffect(() => void load(), [load]);
  // A viewer may be limited to one of this survey's segments (results_limit_member, segments-sql.ts).
  const [segments, setSegments] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => void rpc<{ id: string; name: string }[]>("results_segments", { survey }).then(setSegments, () => setSegments([])), [survey, changes]);
  const act = (work: Promise<unknown>) => work.then(() => (setError(null), setChanges((n) => n + 1), load()), (failure: unknown) => setError(refusalText(words, failure)));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act(rpc("results_set_member", { member_email: String(form.get("email")), member_role: String(form.get("role")), member_personal: form.get("personal") === "on" }));
  };
  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">{w.heading}</h2>
      {error && <p role="alert">{interpolate(words.failed, { message: error })}</p>}
      {/* A list rather than a table: an e-mail and its button fit a phone's width. */}
      <ul className="members" aria-labelledby="members-heading">
        {members.map((member) => (
          <li key={member.email}>
            <strong>{member.email}</strong>
            <span className="meta"> · {w.role}: {words.role[member.role]} · {w.personal}: {member.personal ? w.yes : w.no}</span>{" "}
            {member.role === "viewer" && (
              <label className="segment-limit">{interpolate(w.limit, { email: member.email })}
                <select value={member.segment ?? ""} onChange={(event) => void act(rpc("results_limit_member", { member_email: member.email, segment_id: event.target.value || null }))}>
                  <option value="">{w.noLimit}</option>
                  {segments.map((segment) => <option key={segment.id} value={segment.id}>{segment.name}</option>)}
                  {member.segment && !segments.some((segment) => segment.id === member.segment) && <option value={member.segment}>{w.otherSurvey}</option>}
                </select>
              </label>
            )}{" "}
            <button type="button" onClick={() => void act(rpc("results_remove_member", { member_email: member.email }))} aria-label={interpolate(w.remove, { email: member.email })}>{w.removeShort}</button>
          </li>
        ))}
      </ul>
      <form className="member-form" onSubmit={submit} aria-label={w.add}>
        <label>{w.email}<input type="email" name="email" required autoComplete="off" /></label>
        <label>{w.role}
          <select name="role" defaultValue="viewer">
            {ROLES.map((role) => <option key={role} value={role}>{words.role[role]}</option>)}
          </select>
        </label>
        <label className="check"><input type="checkbox" name="personal" aria-describedby="personal-hint" />{w.personal}</label>
        <p className="meta" id="personal-hint">{w.personalHint}</p>
        <button type="submit">{w.save}</button>
      </form>
      <MemberLog words={words} version={changes} time={time} segments={segments} />
    </section>
  );
}
