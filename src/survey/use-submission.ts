/**
 * Sending the answers once. A second Enter or click while a submission is in
 * flight, or after it succeeded and the redirect is pending, does nothing.
 * A failure keeps every answer and tells the respondent in the survey's words.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { Answers } from "../core/answers.ts";
import { uuidV4 } from "../core/uuid.ts";
import { failureKindOf } from "../data/submit-error.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { ToastMessage } from "../ui/toast.tsx";

export function useSubmission(config: SurveyConfig, submit: SubmitResponse, getAnswers: () => Answers, onSubmitted: () => void) {
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  // One id per respondent: every retry sends the same row, so it is stored once.
  const [responseId] = useState(uuidV4);
  const [submitting, setSubmitting] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const notify = (variant: ToastMessage["variant"], text: { title: string; description: string }) =>
    setToast({ variant, ...text, key: Date.now() });

  const send = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await submit(config, getAnswers(), responseId);
      onSubmitted();
      notify("success", config.messages.success);
      redirectTimer.current = window.setTimeout(() => navigate(config.redirect.path), config.redirect.delayMs);
    } catch (error) {
      console.error(`[survey] submit to ${config.table} failed`, error);
      const kind = failureKindOf(error);
      notify("destructive", kind === "rejected" ? config.messages.error : config.messages.unexpectedError);
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { send, submitting, toast, closeToast: () => setToast(null) };
}
