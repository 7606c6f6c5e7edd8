/**
 * Sending the answers once. A second Enter or click while a submission is in
 * flight, or after it succeeded and the redirect is pending, does nothing.
 * A failure keeps every answer and tells the respondent in the survey's words.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { Answers } from "../core/answers.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { uuidV4 } from "../core/uuid.ts";
import { failureKindOf } from "../data/submit-error.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import type { ToastMessage } from "../ui/toast.tsx";

export function useSubmission(config: ResolvedSurvey, submit: SubmitResponse, getAnswers: () => Answers) {
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  // One id per respondent: every retry sends the same row, so it is stored once.
  const [responseId] = useState(uuidV4);
  const [submitting, setSubmitting] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const { messages, thankYou } = config;
  const notify = (variant: ToastMessage["variant"], title: string, description: string) =>
    setToast({ variant, title, description, key: Date.now() });

  const send = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await submit(config, getAnswers(), responseId);
      notify("success", messages.successTitle, messages.successDescription);
      redirectTimer.current = window.setTimeout(() => navigate(thankYou.path), thankYou.delayMs);
    } catch (error) {
      console.error(`[survey] submit to ${config.table} failed`, error);
      const kind = failureKindOf(error);
      if (kind === "rejected") notify("destructive", messages.errorTitle, messages.errorDescription);
      else notify("destructive", messages.unexpectedErrorTitle, messages.unexpectedErrorDescription);
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { send, submitting, toast, closeToast: () => setToast(null) };
}
