/**
 * Two-factor sign-in (TOTP, Supabase Auth's auth.mfa) for a member whose
 * personal-data grant needs it: the survey asks for aal2 before personal
 * data (`personalDataNeedsTwoFactor`), and until the session is aal2 the
 * database masks those answers. A member with a verified factor types its
 * code; one without enrols (a QR code and the key for an authenticator app)
 * and confirms with a first code. The verified session's new token is aal2:
 * results_me and every results function then answer with the grant.
 */
import { useEffect, useState, type FormEvent } from "react";
import { interpolate } from "../core/interpolate.ts";
import type { Member } from "./me.ts";
import { authClient } from "./auth-client.ts";
import type { ResultsWords } from "./words/index.ts";

/** Whether this member, on this survey, is kept from personal data only by the missing second factor. */
export const needsSecondFactor = (member: Member, surveyId: string) =>
  member.personal && member.aal !== "aal2" && member.surveys.some((survey) => survey.id === surveyId && survey.needsAal2);

type Step = { kind: "checking" } | { kind: "enrol" } | { kind: "scan"; factorId: string; qr: string; secret: string } | { kind: "code"; factorId: string };

export function TwoFactor({ words }: { words: ResultsWords }) {
  const w = words.twoFactor;
  const [step, setStep] = useState<Step>({ kind: "checking" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void authClient().then((supabase) => supabase.auth.mfa.listFactors()).then(({ data, error: failure }) => {
      if (failure) return setError(failure.message);
      const verified = data.totp[0];
      setStep(verified ? { kind: "code", factorId: verified.id } : { kind: "enrol" });
    });
  }, []);

  const enrol = async () => {
    setBusy(true);
    const supabase = await authClient();
    // An enrolment left unconfirmed (a closed tab) would block a new one with the same name.
    const { data: listed } = await supabase.auth.mfa.listFactors();
    for (const factor of listed?.all ?? []) {
      if (factor.factor_type === "totp" && factor.status === "unverified") await supabase.auth.mfa.unenroll({ factorId: factor.id });
    }
    const { data, error: failure } = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: "Resultados" });
    setBusy(false);
    if (failure) return setError(failure.message);
    setError(null);
    setStep({ kind: "scan", factorId: data.id, qr: data.totp.qr_code, secret: data.totp.secret });
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.kind !== "scan" && step.kind !== "code") return;
    const code = String(new FormData(event.currentTarget).get("code")).replace(/\s/g, "");
    setBusy(true);
    // On success supabase-js swaps the session for an aal2 one; the site reads the member again from its new token.
    const { error: failure } = await (await authClient()).auth.mfa.challengeAndVerify({ factorId: step.factorId, code });
    setBusy(false);
    setError(failure ? failure.message : null);
  };

  return (
    <section className="two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">{w.heading}</h2>
      <p>{w.needed}</p>
      {step.kind === "enrol" && <button type="button" disabled={busy} onClick={() => void enrol()}>{w.enrol}</button>}
      {step.kind === "scan" && (
        <>
          <p>{w.scan}</p>
          <img src={step.qr} alt={w.qr} width={180} height={180} />
          <p>{w.secret}: <code>{step.secret}</code></p>
        </>
      )}
      {(step.kind === "scan" || step.kind === "code") && (
        <form onSubmit={(event) => void verify(event)}>
          <label>{w.code}<input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required /></label>
          <button type="submit" disabled={busy}>{w.verify}</button>
        </form>
      )}
      {error && <p role="alert">{interpolate(w.failed, { message: error })}</p>}
    </section>
  );
}
