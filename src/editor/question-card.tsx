/**
 * One question in the editor, named by its emoji and title (its id second):
 * its texts and settings, with buttons to move, duplicate and remove it.
 * Its id (its column in the database) can change until a migration creates
 * the column. Focus inside it turns the preview to it.
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
import { drawnWithPrevious, drawWithPrevious } from "./model/block-edits.ts";
import { duplicateQuestion, moveQuestion, removeQuestion } from "./model/survey-edits.ts";
import { QuestionFields } from "./question-fields.tsx";
import { QuestionIdField } from "./question-id-field.tsx";
import { ItemMoves } from "./sortable-list.tsx";
import { useDrawnLater } from "./use-drawn-later.ts";
import { useWords } from "./words/use-words.ts";

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
  const words = useWords();
  const card = useRef<HTMLElement>(null);
  const name = question.title || question.id;
  const [drawn, draw] = useDrawnLater(index, drawLater, card);
  const { currentText, change, refuse, showQuestion, survey, problems } = editing;
  const own = useMemo(() => problems.filter((problem) => problem.pointer === `/questions/${index}` || problem.pointer.startsWith(`/questions/${index}/`)), [problems, index]);
  // `editing` holds the survey of the last keystroke; the fields read only this question from it (and the language and messages).
  const scoped = useMemo<Editing>(() => ({ ...editing, problems: own }), [question, index, own, survey.language, survey.messages]);
  // A shuffled block (questionBlocks) is edited from its questions' cards: each after the first is "drawn with the previous one".
  const block = survey.questionBlocks?.find((candidate) => candidate.shuffleQuestions && candidate.questions.includes(question.id));
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
          {index + 1}. {question.emoji} {question.title || words.untitled}{" "}
          <span className="question-type">
            {words.questionId}: <code>{question.id}</code> · {question.type}
          </span>
        </h3>
        <ItemMoves index={index} count={count} name={name} onMove={(from, to) => change(moveQuestion(currentText(), from, to))} />
        <button type="button" onClick={() => change(duplicateQuestion(currentText(), index))} aria-label={words.copyQuestion(name)}>{words.copy}</button>
        <button type="button" onClick={remove} aria-label={words.removeQuestion(name)}>✕</button>
      </header>
      {drawn ? (
        <>
          {/* With the card's other fields, drawn when they are (a long survey opens with its first cards' alone). Not on the first two: the first question is never shuffled (validate says why). */}
          {index >= 2 && (
            <label className="field field-switch">
              <input type="checkbox" checked={drawnWithPrevious(survey, index)} onChange={(event) => change(drawWithPrevious(currentText(), index, event.target.checked), "/questionBlocks")} />
              {words.drawWithPrevious}
            </label>
          )}
          {block && <p className="question-block-note">{words.inShuffledBlock(block.questions.filter((id) => id !== question.id))}</p>}
          <EditingContext value={scoped}>
            <QuestionBody question={question} index={index} />
          </EditingContext>
        </>
      ) : (
        <p className="question-pending">{question.title}</p>
      )}
    </section>
  );
}

const QuestionBody = memo(function QuestionBody({ question, index }: { question: Question; index: number }) {
  const words = useWords();
  const at = (key: string) => ["questions", index, key];
  return (
    <>
      <TextField path={at("title")} label={words.titleField} multiline />
      <TextField path={at("subtitle")} label={words.subtitleField} optional />
      <div className="field-row">
        <TextField path={at("emoji")} label={words.emojiField} />
        <SwitchField path={at("required")} label={words.requiredField} />
      </div>
      <QuestionIdField question={question} index={index} />
      <QuestionFields question={question} index={index} />
      <ConditionBuilder question={question} index={index} />
    </>
  );
});
