/**
 * One question in the editor: its texts and settings, with buttons to move,
 * duplicate and remove it. Its id (its column in the database) is shown but
 * cannot be changed here. Focus inside it turns the preview to it.
 *
 * Its fields see a context that changes only with this question, its
 * problems, or the survey's language and messages (their fallbacks): typing
 * in one card re-renders that card's fields alone.
 */
import { memo, useMemo, useRef, type ReactNode } from "react";
import type { Question } from "../generated/survey-config.ts";
import { ConditionBuilder } from "./condition-builder.tsx";
import { EditingContext, type Editing } from "./editing-context.ts";
import { SwitchField } from "./fields/switch-field.tsx";
import { TextField } from "./fields/text-field.tsx";
import { duplicateQuestion, moveQuestion, removeQuestion } from "./model/survey-edits.ts";
import { QuestionFields } from "./question-fields.tsx";
import { ItemMoves } from "./sortable-list.tsx";
import { useDrawnLater } from "./use-drawn-later.ts";

interface QuestionCardProps {
  editing: Editing;
  question: Question;
  index: number;
  count: number;
  handle: ReactNode;
  /** In a long survey as it opened, beyond the first cards: its fields are drawn a moment later (use-drawn-later.ts). */
  drawLater: boolean;
}

export function QuestionCard({ editing, question, index, count, handle, drawLater }: QuestionCardProps) {
  const card = useRef<HTMLElement>(null);
  const [drawn, draw] = useDrawnLater(index, drawLater, card);
  const { currentText, change, refuse, showQuestion, survey, problems } = editing;
  const own = useMemo(() => problems.filter((problem) => problem.pointer === `/questions/${index}` || problem.pointer.startsWith(`/questions/${index}/`)), [problems, index]);
  // `editing` holds the survey of the last keystroke; the fields read only this question from it (and the language and messages).
  const scoped = useMemo<Editing>(() => ({ ...editing, problems: own }), [question, index, own, survey.language, survey.messages]);
  const remove = () => {
    const result = removeQuestion(currentText(), index);
    if ("refused" in result) refuse(result.refused);
    else change(result.text);
  };
  return (
    <section
      ref={card}
      className="question-card"
      aria-labelledby={`question-${index}`}
      onFocus={() => {
        draw();
        showQuestion(index);
      }}
    >
      <header>
        {handle}
        <h3 id={`question-${index}`}>
          {index + 1}. <code>{question.id}</code> <span className="question-type">({question.type})</span>
        </h3>
        <ItemMoves index={index} count={count} name={question.id} onMove={(from, to) => change(moveQuestion(currentText(), from, to))} />
        <button type="button" onClick={() => change(duplicateQuestion(currentText(), index))} aria-label={`Copy question "${question.id}"`}>Copy</button>
        <button type="button" onClick={remove} aria-label={`Remove question "${question.id}"`}>✕</button>
      </header>
      {drawn ? (
        <EditingContext value={scoped}>
          <QuestionBody question={question} index={index} />
        </EditingContext>
      ) : (
        <p className="question-pending">{question.title}</p>
      )}
    </section>
  );
}

const QuestionBody = memo(function QuestionBody({ question, index }: { question: Question; index: number }) {
  const at = (key: string) => ["questions", index, key];
  return (
    <>
      <TextField path={at("title")} label="Title" multiline />
      <TextField path={at("subtitle")} label="Subtitle" optional />
      <div className="field-row">
        <TextField path={at("emoji")} label="Emoji" />
        <SwitchField path={at("required")} label="An answer is required" />
      </div>
      <QuestionFields question={question} index={index} />
      <ConditionBuilder question={question} index={index} />
    </>
  );
});
