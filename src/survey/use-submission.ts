/**
 * Sending the answers once. A second Enter or click while a submission is in
 * flight, or after it succeeded and the redirect is pending, does nothing.
 * Without a connection, or when the data API asks this address to slow down,
 * it waits (a notice in the survey's words says which) and retries by itself
 * with the same response id. A failure a retry cannot fix
 * keeps every answer and tells the respondent in the survey's words.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { Answers } from "../core/answers.ts";
import { retryWhileUnreachable } from "../data/retry-while-unreachable.ts";
import { failureKindOf, type WaitingKind } from "../data/submit-error.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import type { SurveyConfig, Toast } from "../generated/survey-config.ts";
import type { ToastMessage } from "../ui/toast.tsx";

interface SubmissionSources {
  answers: () => Answers;
  /** The same for every try of one response, so it is stored once. */
  responseId: () => string;
  onStored: () => void;
}

export function useSubmission(config: SurveyConfig, submit: SubmitResponse, sources: SubmissionSources) {
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

  const notify = (variant: ToastMessage["variant"], text: { title: string; description: string }) =>
    setToast({ variant, ...text, key: Date.now() });

  const send = async () => {
    if (inFlight.current || !unmounted.current) return;
    const { signal } = unmounted.current;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await retryWhileUnreachable(() => submit(config, sources.answers(), sources.responseId()), { signal, onWaiting: setWaiting });
      sources.onStored();
      setWaiting(null);
      notify("success", config.messages.success);
      redirectTimer.current = window.setTimeout(() => navigate(config.redirect.path), config.redirect.delayMs);
    } catch (error) {
      if (signal.aborted) return;
      console.error(`[survey] submit to ${config.table} failed`, error);
      setWaiting(null);
      notify("destructive", failureKindOf(error) === "rejected" ? config.messages.error : config.messages.unexpectedError);
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { send, submitting, waitingNotice: waiting && waitingText(config, waiting), toast, closeToast: () => setToast(null) };
}

/** What the lasting notice says while the submit waits; a survey without its own rate-limit text says it waits for the connection. */
function waitingText(config: SurveyConfig, kind: WaitingKind): Toast {
  return (kind === "rateLimited" && config.messages.rateLimited) || config.messages.waitingForConnection;
}
