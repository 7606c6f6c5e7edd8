/**
 * The page's side of one response per person and the bot check: decides
 * before the respondent starts whether this browser (or this personal link)
 * already answered, or whether a survey answered by link was opened without
 * one; adds the key and the bot-check solution to the response; records
 * what was stored; and says a refusal of the database in the survey's words.
 * The database decides every case; this only tells the respondent early.
 * Decided after hydration (a layout effect, before paint), since the
 * prerendered page cannot know the browser's storage or the address.
 */
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Answers } from "../core/answers.ts";
import { BOT_CHECK, LINK_PARAMETER, ONCE_KEY, oncePolicy, onceRefusalOf } from "../core/once.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { SubmitError } from "../data/submit-error.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { ExplainedRefusal, type RefusalText } from "./explained-refusal.ts";
import { startBotCheck, type BotCheck } from "./bot-check.ts";
import { readOnceRecord, recordSent, type OnceRecord } from "./once-record.ts";

export type OnceNoticeKind = "answered" | "linkNeeded";

export function useOnce(config: ResolvedSurvey, submit: SubmitResponse) {
  const policy = oncePolicy(config);
  const [notice, setNotice] = useState<{ kind: OnceNoticeKind; sent?: Answers } | null>(null);
  const record = useRef<OnceRecord | null>(null);
  const link = useRef<string | undefined>(undefined);
  const botCheck = useRef<BotCheck | null>(null);

  useLayoutEffect(() => {
    if (config.botCheck) botCheck.current = startBotCheck();
    if (policy === "none" || policy === "field") return;
    const stored = (record.current = readOnceRecord(config.id));
    link.current = new URLSearchParams(window.location.search).get(LINK_PARAMETER) ?? undefined;
    if (policy === "link" && !link.current) setNotice({ kind: "linkNeeded" });
    else if (stored.sent && (policy === "browser" || stored.sent.link === link.current)) setNotice({ kind: "answered", sent: stored.sent.answers });
  }, [config.id, config.botCheck, policy]);

  const submitOnce: SubmitResponse = useMemo(
    () => async (survey, answers, responseId) => {
      const key = policy === "browser" ? record.current?.key : policy === "link" ? link.current : undefined;
      const solution = botCheck.current && (await botCheck.current.payload().catch((error: unknown) => {
        throw new SubmitError("unreachable", "[survey] the bot-check solution is not ready", { cause: error });
      }));
      try {
        await submit(survey, { ...answers, ...(key && { [ONCE_KEY]: key }), ...(solution && { [BOT_CHECK]: solution }) }, responseId);
      } catch (error) {
        throw explained(error);
      }
      if (record.current) record.current = recordSent(config.id, record.current, answers, link.current);
    },
    [config, policy, submit],
  );

  /** The survey's words for a refusal of these features (the runner's toast shows them), or undefined for any other failure. */
  function explainRefusal(error: unknown): RefusalText | undefined {
    const { messages } = config;
    const refusal = onceRefusalOf(config, (error instanceof SubmitError && (error.cause as { code?: string } | undefined)) || {});
    if (refusal === "botCheckFailed") botCheck.current?.renew();
    if (refusal === "answered") return { title: messages.onceAnsweredTitle, description: messages.onceAnsweredDescription };
    const description = refusal && { linkInvalid: messages.onceLinkNeeded, fieldTaken: messages.onceFieldTaken, botCheckFailed: messages.botCheckFailed }[refusal];
    return description ? { title: messages.errorTitle, description } : undefined;
  }

  /** The error, or the refusal it is in the survey's words. */
  function explained(error: unknown): unknown {
    const explanation = explainRefusal(error);
    return explanation ? new ExplainedRefusal(explanation, error) : error;
  }

  return { notice, submit: submitOnce, explained };
}
