/**
 * Shown instead of the questions when this browser or this personal link
 * already answered (with what was sent, when the device still has it), or
 * when a survey answered by personal link was opened without one. In the
 * survey's words; a heading and plain text, so a screen reader reads it as
 * the page's content.
 */
import type { Answers } from "../core/answers.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import type { OnceNoticeKind } from "./use-once.ts";
import { sentAnswers } from "./sent-answers.ts";

export function OnceNotice({ config, kind, sent }: { config: ResolvedSurvey; kind: OnceNoticeKind; sent?: Answers }) {
  const { messages } = config;
  if (kind === "linkNeeded") {
    return (
      <section className="page-card once-notice" data-state="linkNeeded">
        <p>{messages.onceLinkNeeded}</p>
      </section>
    );
  }
  const answers = sent ? sentAnswers(config, sent) : [];
  return (
    <section className="page-card once-notice" data-state="answered">
      <h1>{messages.onceAnsweredTitle}</h1>
      <p>{messages.onceAnsweredDescription}</p>
      {answers.length > 0 && (
        <dl className="once-sent">
          {answers.map(({ title, text }) => (
            <div key={title}>
              <dt>{title}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
