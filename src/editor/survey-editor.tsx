/**
 * One survey file open in the editor: the file's text (with its undo
 * history) is the only state; fields edit it, validate's checks and the
 * preview read it. Saving sends it with the text it started from, so a
 * change made on disk meanwhile is never overwritten unseen.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { upgradedText } from "../core/upgrade/upgrade.ts";
import { ApiError, migratedColumns, saveAndRecord, saveSurvey, type Version } from "./api.ts";
import { AddQuestion } from "./add-question.tsx";
import { ConflictNotice } from "./conflict-notice.tsx";
import { DatabaseFiles } from "./database-files.tsx";
import { EditorSections } from "./editor-sections.tsx";
import { HistoryPanel } from "./history-panel.tsx";
import { MigratedColumnsContext } from "./migrated-columns.ts";
import { RestoredTranslationsContext } from "./restored-translations.ts";
import { useStickyScrollPadding } from "./use-sticky-scroll-padding.ts";
import { useTranslationFiles } from "./use-translation-files.ts";
import { EditingContext, SurveyContext, type Editing } from "./editing-context.ts";
import { keepUnchangedParts, moveQuestion, surveyOf } from "./model/survey-edits.ts";
import { liveChanges, liveChangeText } from "./model/live-changes.ts";
import { PreviewPane } from "./preview/preview-pane.tsx";
import { QuestionCard } from "./question-card.tsx";
import { SortableList, uniqueKeys } from "./sortable-list.tsx";
import { SurveyTexts } from "./survey-texts.tsx";
import { useChecks } from "./use-checks.ts";
import { useDiskWatch } from "./use-disk-watch.ts";
import { useEditHistory } from "./use-edit-history.ts";
import { DRAWN_AT_ONCE } from "./use-drawn-later.ts";
import { useEditorKeys } from "./use-editor-keys.ts";
import { JumpLinks } from "./jump-links.tsx";
import { ProblemList } from "./problem-list.tsx";
import type { EditorWords } from "./words/index.ts";
import { useWords } from "./words/use-words.ts";

type Notice = { kind: "status" | "alert"; text: string };

/** A file of an earlier form of the schema opens brought up to date, as validate --fix would write it, unsaved until the editor saves it. */
function upgradeNotice(name: string, upgrade: ReturnType<typeof upgradedText>, words: EditorWords): Notice | null {
  if (!upgrade) return null;
  return { kind: "status", text: words.upgraded(`surveys/${name}`, upgrade.changes.map((change) => change.says).join("; ")) };
}

export function SurveyEditor({ name, opened, onUnsaved }: { name: string; opened: string; onUnsaved: (unsaved: boolean) => void }) {
  const words = useWords();
  const [upgrade] = useState(() => upgradedText(opened));
  const history = useEditHistory(upgrade?.text ?? opened);
  const [base, setBase] = useState(opened);
  const [conflict, setConflict] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() => upgradeNotice(name, upgrade, words));
  const [recorded, setRecorded] = useState(0);
  const saving = useRef<string | null>(null);
  // The text this editor last wrote: on disk before `base` says so (the new base renders a moment after the save's answer).
  const written = useRef<string | null>(null);
  const [migrated, setMigrated] = useState<ReadonlySet<string>>(new Set());
  const [migrationsWritten, setMigrationsWritten] = useState(0);
  useEffect(() => {
    migratedColumns(name).then((columns) => setMigrated(new Set(columns)), () => setMigrated(new Set()));
  }, [name, recorded, migrationsWritten]);
  const stickyArea = useStickyScrollPadding();
  const [shown, setShown] = useState(0);
  const parsed = useRef<ReturnType<typeof surveyOf>>(undefined);
  const survey = useMemo(() => (parsed.current = keepUnchangedParts(parsed.current, surveyOf(history.text))), [history.text]);
  // Read by edits made in fields that did not re-render since the last keystroke.
  const latestText = useRef(history.text);
  useLayoutEffect(() => {
    latestText.current = history.text;
  }, [history.text]);
  const currentText = useCallback(() => latestText.current, []);
  const refuse = useCallback((reason: string) => setNotice({ kind: "alert", text: reason }), []);
  const checks = useChecks(name, history.text);
  // A restored version's translation files, saved with the survey file.
  const files = useTranslationFiles(history.files);
  const unsaved = history.text !== base || files.unsaved;
  useEffect(() => {
    onUnsaved(unsaved);
  }, [unsaved, onUnsaved]);
  const canSave = unsaved && !checks.pending && checks.problems.length === 0 && !conflict;

  // The server checks again before it writes: a save right after typing, before this page's check is back, is safe.
  // "Save and record" also commits what is already saved but not yet recorded.
  const save = async (andRecord = false) => {
    if (conflict !== null) return setNotice({ kind: "alert", text: words.notSavedConflict });
    if (!unsaved && !andRecord) return setNotice({ kind: "status", text: words.nothingToSave });
    const text = history.text;
    // A published survey: say first what the save changes in the meaning of the rows it already has.
    const changes = liveChanges(surveyOf(base), surveyOf(text), migrated);
    if (changes.length && !window.confirm(words.liveChangesConfirm(changes.map((change) => liveChangeText(change, words))))) return;
    const translations = files.writes();
    saving.current = text;
    try {
      if (!andRecord) {
        await saveSurvey(name, base, text, translations);
        setNotice({ kind: "status", text: words.saved(`surveys/${name}`) });
      } else {
        const result = await saveAndRecord(name, base, text, translations);
        setNotice({ kind: "status", text: result.committed ? words.recorded(result.message) : words.nothingToRecord });
        setRecorded((count) => count + 1);
      }
      written.current = text;
      setBase(text);
      files.saved(translations);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.body.repository === false) setNotice({ kind: "alert", text: words.notARepository });
      else if (error instanceof ApiError && error.status === 409 && Array.isArray(error.body.translations)) setNotice({ kind: "alert", text: words.notSavedTranslationsChanged(error.body.translations) });
      else if (error instanceof ApiError && error.status === 409) setConflict(error.body.disk);
      else if (error instanceof ApiError && error.status === 422) setNotice({ kind: "alert", text: words.notSavedProblems });
      else setNotice({ kind: "alert", text: words.notSaved((error as Error).message) });
    } finally {
      saving.current = null;
    }
  };
  useEditorKeys({ undo: history.undo, redo: history.redo, save, unsaved });
  useDiskWatch(name, base, (disk) => {
    // Our own save, read back before its answer came (Save and record runs codegen and git first) or before its new base
    // rendered: not someone else's change.
    if (disk === saving.current || disk === written.current) return;
    if (unsaved) return setConflict(disk);
    history.reset(disk);
    setBase(disk);
    setNotice({ kind: "status", text: words.reloaded(`surveys/${name}`) });
  });
  // A version comes back with its translation files: one step, which Undo takes back with them.
  const restore = (version: Version, when: string) => {
    files.read(version.translationsOnDisk);
    history.restore(version.text, version.translations, version.translationsOnDisk);
    const languages = Object.keys(version.translations).filter((language) => version.translations[language] !== version.translationsOnDisk[language]);
    setNotice({ kind: "status", text: words.restored(when, languages) });
  };
  const settle = (first: string, then: string, disk: string) => {
    history.change(first);
    history.change(then);
    setBase(disk);
    setConflict(null);
  };

  const editing: Editing = { currentText, survey, change: history.change, problems: checks.problems, refuse, showQuestion: setShown };
  const questions = survey.questions ?? [];
  const ids = questions.map((question) => question.id);
  // The same keys while only texts change, so that dnd-kit's sortable items keep their state and effects.
  const idsLine = ids.join("\n");
  const keys = useMemo(() => uniqueKeys(idsLine === "" ? [] : idsLine.split("\n")), [idsLine]);
  // The cards of a long survey as it opened, beyond the first ones, draw their fields a moment later (use-drawn-later.ts).
  const [drawnLater] = useState(() => new Set(keys.slice(DRAWN_AT_ONCE)));
  // The cards get `editing` as a prop, not from a provider around them: a context's change reaches every consumer below
  // its provider, even below another provider of it, and each card's fields must see only their card's (question-card.tsx).
  return (
    <SurveyContext value={survey}>
      <MigratedColumnsContext value={migrated}>
      <RestoredTranslationsContext value={files.panel}>
      <div className="editor-layout">
        <div className="editor-pane">
          {/* Sticky, with what needs an answer now (a notice, a conflict), so it is on screen wherever the editor is working. */}
          <div className="editor-sticky" ref={stickyArea}>
          <EditorSections />
          <div className="editor-toolbar" role="toolbar" aria-label={words.toolbar} id="editor-toolbar">
            <button type="button" onClick={history.undo} disabled={!history.canUndo}>{words.undo}</button>
            <button type="button" onClick={history.redo} disabled={!history.canRedo}>{words.redo}</button>
            <button type="button" className="button-save" onClick={() => save()} aria-disabled={!canSave}>{words.save}</button>
            <button type="button" onClick={() => save(true)} aria-disabled={Boolean(conflict) || checks.pending || checks.problems.length > 0}>{words.saveAndRecord}</button>
            <span className="save-state">{conflict ? words.conflictState : unsaved ? (checks.problems.length ? words.problemsState(checks.problems.length) : words.unsaved) : words.allSaved}</span>
          </div>
          {notice && <p className={`notice notice-${notice.kind}`} role={notice.kind}>{notice.text}</p>}
          {conflict !== null && <ConflictNotice disk={conflict} onKeepMine={() => settle(conflict, history.text, conflict)} onTakeDisk={() => settle(history.text, conflict, conflict)} />}
          </div>
          <ProblemList problems={checks.problems} />
          <h2 id="survey-texts" tabIndex={-1}>{words.sectionTexts}</h2>
          <EditingContext value={editing}>
            <SurveyTexts />
          </EditingContext>
          <h2 id="questions" tabIndex={-1}>{words.questionsHeading}</h2>
          <JumpLinks questions={questions} />
          <SortableList keys={keys} names={questions.map((question) => question.title || question.id)} noun="question" onMove={(from, to) => history.change(moveQuestion(history.text, from, to))} className={ids.length > DRAWN_AT_ONCE ? "question-list question-list-long" : "question-list"}>
            {(index, handle) => <QuestionCard editing={editing} question={survey.questions[index]!} index={index} count={ids.length} handle={handle} drawLater={drawnLater.has(keys[index]!)} />}
          </SortableList>
          <EditingContext value={editing}>
            <AddQuestion />
          </EditingContext>
          <DatabaseFiles savedText={base} onWritten={() => setMigrationsWritten((count) => count + 1)} />
          <HistoryPanel
            name={name}
            recorded={recorded}
            onRestore={(version, when) => restore(version, when)}
          />
        </div>
        <PreviewPane survey={survey} questionIndex={shown} />
      </div>
      </RestoredTranslationsContext>
      </MigratedColumnsContext>
    </SurveyContext>
  );
}
