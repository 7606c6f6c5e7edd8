/**
 * Sending the answers once. A second Enter or click while a submission is in
 * flight, or after it succeeded and the redirect is pending, does nothing.
 * Without a connection, or when the data API asks this address to slow down,
 * it waits (a notice in the survey's words says which) and retries by itself
 * with the same response id. A failure a retry cannot fix
 * keeps every answer and tells the respondent in the survey's words; a
 * refusal for the campaign (closed, not open yet, full) goes to
 * onCampaignRefused, which shows that notice instead of the questions; a
 * refusal by a full quota leads to that quota's screen-out page, which says
 * the answers were not stored (a site without quotas folds this away).
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { Answers } from "../core/answers.ts";
import { reachedEnding } from "../core/endings.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { retryWhileUnreachable } from "../data/retry-while-unreachable.ts";
import type { CampaignRefusal } from "../core/campaign.ts";
import { failureKindOf, isCampaignRefusal, type WaitingKind } from "../data/submit-error.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import type { ToastMessage } from "../ui/toast.tsx";
import { refusalTextOf } from "../once/explained-refusal.ts";
import { ONCE_FEATURES } from "../once/site-once.ts";
import { SITE_QUOTAS } from "../quotas/site-quotas.ts";
import { screenOutOf } from "../quotas/screen-out.ts";

interface SubmissionSources {
  answers: () => Answers;
  /** The same for every try of one response, so it is stored once. */
  responseId: { readonly current: string };
  onStored: () => void;
  onCampaignRefused?: (refusal: CampaignRefusal) => void;
}

export function useSubmission(config: ResolvedSurvey, submit: SubmitResponse, sources: SubmissionSources) {
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  const unmounted = useRef<AbortController | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [waiting, setWaiting] = useState<WaitingKind | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => {
      controller.abort();
      window.clearTimeout(redirectTimer.current);
    };
  }, []);

  const { messages, thankYou } = config;
  const notify = (variant: ToastMessage["variant"], title: string, description: string) =>
    setToast({ variant, title, description, key: Date.now() });

  const send = async () => {
    if (inFlight.current || !unmounted.current) return;
    const { signal } = unmounted.current;
    inFlight.current = true;
    setSubmitting(true);
    try {
      // The ending is the one of the answers stored: those of the try that succeeded.
      let sent: Answers = {};
      await retryWhileUnreachable(() => submit(config, (sent = sources.answers()), sources.responseId.current), { signal, onWaiting: setWaiting });
      const page = reachedEnding(config, sent)?.thankYou ?? thankYou;
      sources.onStored();
      setWaiting(null);
      notify("success", messages.successTitle, messages.successDescription);
      redirectTimer.current = window.setTimeout(() => navigate(page.path), page.delayMs);
    } catch (error) {
      if (signal.aborted) return;
      console.error(`[survey] submit to ${config.table} failed`, error);
      setWaiting(null);
      const screenOut = SITE_QUOTAS ? screenOutOf(config, error) : undefined;
      if (screenOut) {
        navigate(screenOut.path);
        return;
      }
      const kind = failureKindOf(error);
      // One response per person and the bot check word their refusals themselves; a site without them folds this away.
      const explained = ONCE_FEATURES ? refusalTextOf(error) : undefined;
      if (explained) notify("destructive", explained.title, explained.description);
      else if (isCampaignRefusal(kind)) sources.onCampaignRefused?.(kind);
      else if (kind === "rejected") notify("destructive", messages.errorTitle, messages.errorDescription);
      else notify("destructive", messages.unexpectedErrorTitle, messages.unexpectedErrorDescription);
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { send, submitting, waitingNotice: waiting && waitingText(config, waiting), toast, closeToast: () => setToast(null) };
}

export interface WaitingText {
  title: string;
  description: string;
}

/** What the lasting notice says while the submit waits: the rate limit's texts, or the connection's. */
function waitingText({ messages }: ResolvedSurvey, kind: WaitingKind): WaitingText {
  return kind === "rateLimited"
    ? { title: messages.rateLimitedTitle, description: messages.rateLimitedDescription }
    : { title: messages.waitingForConnectionTitle, description: messages.waitingForConnectionDescription };
}
