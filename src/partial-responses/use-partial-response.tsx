/**
 * Wires a partial response (partial-session.ts) to the runner: a save at
 * each step, the time on each question, the final save as the survey's
 * submit, a "continue later" link, and the answers back when the page is
 * opened with such a link. Imported only where PARTIAL_RESPONSES is true (a
 * site with such a survey); for any other survey it does nothing, and the
 * session, its data calls and the link's panel are chunks loaded only by a
 * survey that sets `partialResponses`.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { Answers } from "../core/answers.ts";
import { resumeKeyOf, resumeLink, usesPartialResponses } from "../core/partial-response.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { rowOrder } from "../core/draft-fit.ts";
import { SITE_SHUFFLE } from "../core/site-shuffle.ts";
import { SubmitError } from "../data/submit-error.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import type { PartialSession } from "./partial-session.ts";

const ContinueLater = /* @__PURE__ */ lazy(() => import("./continue-later.tsx"));

interface DraftHandle {
  /** The draft's response id; a "continue later" link's row id replaces it. */
  responseId: { current: string };
}

export function usePartialResponse(config: ResolvedSurvey, form: UseFormReturn<Answers>, index: number, draft: DraftHandle, jumpTo: (index: number) => void) {
  const enabled = usesPartialResponses(config);
  const session = useRef<Promise<PartialSession> | undefined>(undefined);
  const [linkEnded, setLinkEnded] = useState(false);
  const questionId = config.questions[index]!.id;
  const shownId = useRef(questionId);
  shownId.current = questionId;

  useEffect(() => {
    if (!enabled) return;
    const key = resumeKeyOf(window.location.hash);
    // The secret leaves the address bar at once: a screenshot or a shared address must not carry it.
    if (key) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    session.current = import("./partial-session.ts").then(async ({ PartialSession }) => {
      const opened = new PartialSession(config, draft.responseId.current);
      if (SITE_SHUFFLE) opened.rowOrder = rowOrder;
      const opening = key && (await opened.resume(key));
      if (opening && "linkEnded" in opening) setLinkEnded(true);
      else if (key && opened.responseKey.responseId === key.responseId) draft.responseId.current = key.responseId;
      if (opening && "resumed" in opening) {
        form.reset({ ...form.getValues(), ...opening.resumed.answers }, { keepDefaultValues: true });
        jumpTo(opening.resumed.index);
      }
      opened.questionShown(shownId.current);
      return opened;
    });
    session.current.catch((error: unknown) => console.warn("[survey] the partial-response code could not be loaded", error));
  }, []);

  // A closing tab sends the newest step's save at once, rather than after the one before it (partial-session.ts).
  useEffect(() => {
    if (!enabled) return;
    // A session that never loaded has nothing to send (its failure is reported where it is opened).
    const flush = () =>
      void session.current?.then(
        (opened) => {
          opened.follow(draft.responseId.current);
          opened.flush(form.getValues(), shownId.current);
        },
        () => undefined,
      );
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, []);

  // Each step: the question left gets its time, and the answers so far are saved.
  const lastIndex = useRef(index);
  useEffect(() => {
    if (!enabled || lastIndex.current === index) return;
    lastIndex.current = index;
    void session.current?.then((opened) => {
      opened.follow(draft.responseId.current);
      opened.questionShown(questionId);
      return opened.saveStep(form.getValues(), questionId);
    });
  }, [index]);

  if (!enabled) return undefined;

  const loaded = (): Promise<PartialSession> =>
    (session.current ?? Promise.reject(new Error("not opened"))).catch((error: unknown) => {
      throw new SubmitError("unreachable", "[survey] the partial-response code could not be loaded", { cause: error });
    });

  const submit: SubmitResponse = async (_config, answers, responseId) => (await loaded()).finish(answers, responseId);

  const makeLink = async (): Promise<string> => {
    const opened = await loaded();
    opened.follow(draft.responseId.current);
    await opened.saveStep(form.getValues(), shownId.current);
    return resumeLink(window.location.href, opened.responseKey);
  };

  const panel: ReactNode = (
    <Suspense fallback={null}>
      <ContinueLater language={config.language} makeLink={makeLink} linkEnded={linkEnded} />
    </Suspense>
  );
  /** Settles once a "continue later" link's answers are back (or the link has ended, or the code could not load). */
  const opened = () => (session.current ?? Promise.resolve()).catch(() => undefined);
  return { submit, panel, opened };
}
