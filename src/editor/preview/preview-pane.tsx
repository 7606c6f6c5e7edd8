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
  const [wide, setWide] = useState(false);
  const [sent, setSent] = useState<Row | null>(null);
  const [restarts, setRestarts] = useState(0);
  const submit: SubmitResponse = async (submitted, answers, id) => setSent(toRow(submitted, answers, id));
  previewStart.index = questionIndex;
  return (
    <aside className="preview" aria-label="Preview">
      <div className="preview-toolbar">
        <h2>Preview</h2>
        <button type="button" aria-pressed={!wide} onClick={() => setWide(false)}>Phone</button>
        <button type="button" aria-pressed={wide} onClick={() => setWide(true)}>Desktop</button>
        <button type="button" onClick={() => { setSent(null); setRestarts((n) => n + 1); }}>Start again</button>
      </div>
      <div className="preview-frame" data-wide={wide || undefined}>
        {config && (
          <PreviewBoundary resetKey={config}>
            <PreviewRouter key={`${questionIndex}-${restarts}`} start={config.route}>
              <PreviewPages config={config} survey={<SurveyPage config={config} submit={submit} />} />
            </PreviewRouter>
          </PreviewBoundary>
        )}
      </div>
      {sent && (
        <div className="preview-sent" role="status">
          <p>Not sent (this is a preview). The answers would be stored as:</p>
          <pre>{JSON.stringify(sent, null, 2)}</pre>
        </div>
      )}
    </aside>
  );
}
