/** The results site: who is signed in decides the page (sign-in, "not a member", or the results). */
import { useEffect, useState } from "react";
import type { Session } from "@supabase/supabase-js";
import { interpolate } from "../core/interpolate.ts";
import type { Member } from "./me.ts";
import { SignIn } from "./sign-in.tsx";
import { linkedToken, startFirstView } from "./first-view.ts";
import { authClient, clientLoaded } from "./auth-client.ts";
import type { ResultsWords } from "./words/index.ts";
import { refusalText } from "./refusal-text.ts";

/**
 * The results themselves (the report's pipeline, the question types' tools): a chunk
 * loaded beside results_me (first-view.ts) and shown with the member, not through
 * lazy and Suspense, whose reveal React holds back until 300 ms after its fallback.
 */
type DashboardView = (typeof import("./dashboard.tsx"))["Dashboard"];

export function ResultsApp({ words, language }: { words: ResultsWords; language: string }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [member, setMember] = useState<Member | null | undefined>(undefined);
  const [Dashboard, setDashboard] = useState<DashboardView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let unsubscribe = () => {};
    let gone = false;
    void clientLoaded.then((supabase) => {
      if (gone) return;
      void supabase.auth.getSession().then(({ data }) => setSession(data.session));
      const { data } = supabase.auth.onAuthStateChange((_event, next) => setSession(next));
      unsubscribe = () => data.subscription.unsubscribe();
    });
    // Opened by a sign-in link, supabase-js loads once the first figures are painted (auth-client.ts), or below.
    if (!linkedToken()) void authClient();
    return () => {
      gone = true;
      unsubscribe();
    };
  }, []);
  // The "not a member" page and a failure are shown with supabase-js's word on the session.
  useEffect(() => void ((member === null || error !== null) && authClient()), [member, error]);
  const loading = <main className="narrow"><p role="status">{words.loading}</p></main>;
  // A sign-in link's token is used until supabase-js has loaded and checked it (/auth/v1/user); a failure is shown once it has accepted it (else: the sign-in).
  const token = session === undefined ? linkedToken() ?? undefined : session?.access_token;
  useEffect(() => {
    if (!token) return;
    setMember(undefined);
    setError(null);
    Promise.all([startFirstView(token, window.location.search), import("./dashboard.tsx")]).then(
      ([next, module]) => (setDashboard(() => module.Dashboard), setMember(next)),
      (failure: unknown) => setError(refusalText(words, failure)),
    );
  }, [token]);
  if (session === undefined && (!token || error)) return loading;
  if (session === null) return <SignIn words={words} />;
  const signOut = () => void authClient().then((supabase) => supabase.auth.signOut());
  if (error) return <main className="narrow"><h1>{words.title}</h1><p role="alert">{interpolate(words.failed, { message: error })}</p></main>;
  if (member === undefined || !Dashboard) return loading;
  if (member === null) {
    if (!session) return loading;
    return (
      <main className="narrow">
        <h1>{words.notMember.heading}</h1>
        <p>{interpolate(words.notMember.body, { email: session.user.email ?? "" })}</p>
        <button type="button" onClick={signOut}>{words.signOut}</button>
      </main>
    );
  }
  return <Dashboard member={member} words={words} language={language} signOut={signOut} />;
}
