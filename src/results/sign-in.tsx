/**
 * Sign-in with Supabase Auth: an e-mail with a link and a 6-digit code
 * (signInWithOtp), the code typed here (verifyOtp). shouldCreateUser is
 * false: only people the project already knows get an e-mail (membership
 * itself is the database's team_members, checked after sign-in).
 */
import { useState, type FormEvent } from "react";
import { interpolate } from "../core/interpolate.ts";
import { authClient } from "./auth-client.ts";
import type { ResultsWords } from "./words/index.ts";

export function SignIn({ words }: { words: ResultsWords }) {
  const w = words.signIn;
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const { error: failure } = await (await authClient()).auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: window.location.href } });
    setError(failure?.message ?? null);
    setSent(!failure);
  };
  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = String(new FormData(event.currentTarget).get("code")).trim();
    const { error: failure } = await (await authClient()).auth.verifyOtp({ email, token, type: "email" });
    setError(failure?.message ?? null);
  };
  return (
    <main className="narrow">
      <h1>{w.heading}</h1>
      <p>{w.intro}</p>
      <form onSubmit={(event) => void send(event)}>
        <label>{w.email}<input type="email" name="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} /></label>
        <button type="submit">{w.send}</button>
      </form>
      {sent && (
        <form onSubmit={(event) => void verify(event)}>
          <p role="status">{interpolate(w.sent, { email })}</p>
          <label>{w.code}<input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required /></label>
          <button type="submit">{w.verify}</button>
        </form>
      )}
      {error && <p role="alert">{interpolate(w.failed, { message: error })}</p>}
    </main>
  );
}
