/** The results site: who is signed in decides the page (sign-in, "not a member", or the results). */
import { lazy, Suspense, useEffect, useState } from "react";
import type { Session } from "@supabase/supabase-js";
import { interpolate } from "../core/interpolate.ts";
import type { Member } from "./me.ts";
import { SignIn } from "./sign-in.tsx";
import { startFirstView } from "./first-view.ts";
import { supabase } from "./supabase.ts";
import type { ResultsWords } from "./words/index.ts";

/** The results themselves (the report's pipeline, the question types' tools) load once a member is signed in. */
const Dashboard = lazy(() => import("./dashboard.tsx").then((module) => ({ default: module.Dashboard })));

export function ResultsApp({ words, language }: { words: ResultsWords; language: string }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [member, setMember] = useState<Member | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void supabase.auth.getSession().then(({ data }) => setSession(data.session));
    const { data } = supabase.auth.onAuthStateChange((_event, next) => setSession(next));
    return () => data.subscription.unsubscribe();
  }, []);
  const token = session?.access_token;
  useEffect(() => {
    if (!token) return;
    setMember(undefined);
    startFirstView(token, window.location.search).then(setMember, (failure: Error) => setError(failure.message));
  }, [token]);
  if (session === undefined) return <main className="narrow"><p role="status">{words.loading}</p></main>;
  if (session === null) return <SignIn words={words} />;
  const signOut = () => void supabase.auth.signOut();
  if (error) return <main className="narrow"><h1>{words.title}</h1><p role="alert">{interpolate(words.failed, { message: error })}</p></main>;
  if (member === undefined) return <main className="narrow"><p role="status">{words.loading}</p></main>;
  if (member === null) {
    return (
      <main className="narrow">
        <h1>{words.notMember.heading}</h1>
        <p>{interpolate(words.notMember.body, { email: session.user.email ?? "" })}</p>
        <button type="button" onClick={signOut}>{words.signOut}</button>
      </main>
    );
  }
  return (
    <Suspense fallback={<main className="narrow"><p role="status">{words.loading}</p></main>}>
      <Dashboard member={member} words={words} language={language} signOut={signOut} />
    </Suspense>
  );
}
