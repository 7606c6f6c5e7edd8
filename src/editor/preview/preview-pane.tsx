/**
 * The live preview: the respondents' page itself (SurveyPage and the
 * question components, with the texts resolved from the presets exactly as
 * the build does) in a phone-width or desktop frame, opened at the question
 * being edited. It can be walked like the page; its submit only shows the
 * row that would be sent, and it records no visit events and keeps no drafts
 * (see scripts/editor/preview-seams.ts).
 */
import { useMemo, useRef, useState } from "react";
import { resolveSurvey, type ResolvedSurvey } from "../../core/resolve-survey.ts";
import { toRow, type Row } from "../../core/to-row.ts";
import type { SubmitResponse } from "../../data/submit-response.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { SurveyPage } from "../../pages/survey-page.tsx";
import { PreviewBoundary } from "./preview-boundary.tsx";
import { previewStart } from "./preview-navigation.ts";
import { PreviewPages, PreviewRouter } from "./preview-router.tsx";
import { useWords } from "../words/use-words.ts";

/** The survey resolved, or the last one that could be (while a question is half made). */
function useResolved(survey: SurveyConfig): ResolvedSurvey | undefined {
  const last = useRef<ResolvedSurvey>(undefined);
  return useMemo(() => {
    try {
      last.current = resolveSurvey(survey);
    } catch {
      // Keep the last good one.
    }
    return last.current;
  }, [survey]);
}

export function PreviewPane({ survey, questionIndex }: { survey: SurveyConfig; questionIndex: number }) {
  // Resolved in the keystroke's own render, not as a deferred value: deferring it put the preview a frame (the editor's paint) behind the field.
  const config = useResolved(survey);
  const words = useWords();
  const [wide, setWide] = useState(false);
  const [sent, setSent] = useState<Row | null>(null);
  const [restarts, setRestarts] = useState(0);
  const submit: SubmitResponse = async (submitted, answers, id) => setSent(toRow(submitted, answers, id));
  // The question being edited may be gone (an Undo took back the question just added): show the last one there is.
  const shown = Math.max(0, Math.min(questionIndex, (config?.questions.length ?? 1) - 1));
  previewStart.index = shown;
  return (
    <aside className="preview" aria-label={words.preview}>
      <div className="preview-toolbar">
        <h2>{words.preview}</h2>
        <button type="button" aria-pressed={!wide} onClick={() => setWide(false)}>{words.phone}</button>
        <button type="button" aria-pressed={wide} onClick={() => setWide(true)}>{words.desktop}</button>
        <button type="button" onClick={() => { setSent(null); setRestarts((n) => n + 1); }}>{words.startAgain}</button>
      </div>
      <div className="preview-frame" data-wide={wide || undefined} lang={config?.language}>
        {config && (
          <PreviewBoundary resetKey={config} failed={words.previewFailed}>
            <PreviewRouter key={`${shown}-${restarts}`} start={config.route}>
              <PreviewPages config={config} survey={<SurveyPage config={config} submit={submit} />} />
            </PreviewRouter>
          </PreviewBoundary>
        )}
      </div>
      {sent && (
        <div className="preview-sent" role="status">
          <p>{words.previewSent}</p>
          <pre>{JSON.stringify(sent, null, 2)}</pre>
        </div>
      )}
    </aside>
  );
}
