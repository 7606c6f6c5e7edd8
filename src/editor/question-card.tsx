/**
 * One question in the editor: its texts and settings, with buttons to move,
 * duplicate and remove it. Its id (its column in the database) is shown but
 * cannot be changed here. Focus inside it turns the preview to it.
 */
import type { ReactNode } from "react";
import type { Question } from "../generated/survey-config.ts";
import { ConditionBuilder } from "./condition-builder.tsx";
import { useEditing } from "./editing-context.ts";
import { SwitchField } from "./fields/switch-field.tsx";
import { TextField } from "./fields/text-field.tsx";
import { duplicateQuestion, moveQuestion, removeQuestion } from "./model/survey-edits.ts";
import { QuestionFields } from "./question-fields.tsx";
import { ItemMoves } from "./sortable-list.tsx";

export function QuestionCard({ question, index, count, handle }: { question: Question; index: number; count: number; handle: ReactNode }) {
  const { text, change, refuse, showQuestion } = useEditing();
  const at = (key: string) => ["questions", index, key];
  const remove = () => {
    const result = removeQuestion(text, index);
    if ("refused" in result) refuse(result.refused);
    else change(result.text);
  };
  return (
    <section className="question-card" aria-labelledby={`question-${index}`} onFocus={() => showQuestion(index)}>
      <header>
        {handle}
        <h3 id={`question-${index}`}>
          {index + 1}. <code>{question.id}</code> <span className="question-type">({question.type})</span>
        </h3>
        <ItemMoves index={index} count={count} name={question.id} onMove={(from, to) => change(moveQuestion(text, from, to))} />
        <button type="button" onClick={() => change(duplicateQuestion(text, index))} aria-label={`Copy question "${question.id}"`}>Copy</button>
        <button type="button" onClick={remove} aria-label={`Remove question "${question.id}"`}>✕</button>
      </header>
      <TextField path={at("title")} label="Title" multiline />
      <TextField path={at("subtitle")} label="Subtitle" optional />
      <div className="field-row">
        <TextField path={at("emoji")} label="Emoji" />
        <SwitchField path={at("required")} label="An answer is required" />
      </div>
      <QuestionFields question={question} index={index} />
      <ConditionBuilder question={question} index={index} />
    </section>
  );
}
