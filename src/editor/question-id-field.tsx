/**
 * A question's id, which names its column. Until a migration creates that
 * column it can be renamed (on leaving the field or Enter, with every
 * reference following it); after, it is shown locked with the reason.
 */
import { use, useId, useState } from "react";
import { columnOf } from "../core/fields.ts";
import type { Question } from "../generated/survey-config.ts";
import { problemsAt, useEditing } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { MigratedColumnsContext } from "./migrated-columns.ts";
import { freshId, renameQuestion } from "./model/question-ids.ts";
import { useWords } from "./words/use-words.ts";

const ID_PATTERN = /^[a-z][a-zA-Z0-9]*$/;

export function QuestionIdField({ question, index }: { question: Question; index: number }) {
  const { currentText, survey, change, problems } = useEditing();
  const words = useWords();
  const migrated = use(MigratedColumnsContext);
  const field = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const column = columnOf(question);
  if (migrated.has(column)) {
    return (
      <p className="field question-id-locked">
        <span>{words.idField}: <code>{question.id}</code> 🔒</span>
        <span className="hint">{words.idLocked(column)}</span>
      </p>
    );
  }
  const shown = typed ?? question.id;
  const local = typed === null || typed === question.id ? undefined : !ID_PATTERN.test(typed) ? words.idInvalid : freshId(survey, typed, question.id) !== typed ? words.idTaken(typed) : undefined;
  const messages = [...(local ? [local] : []), ...problemsAt(problems, `/questions/${index}/id`)];
  const apply = () => {
    if (typed === null) return;
    if (!local) change(renameQuestion(currentText(), survey, index, typed));
    if (!local) setTyped(null);
  };
  return (
    <div className="field">
      <label htmlFor={field}>{words.idField}</label>
      <input
        id={field}
        value={shown}
        spellCheck={false}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={`${field}-hint${messages.length ? ` ${field}-problems` : ""}`}
        onChange={(event) => setTyped(event.target.value.trim())}
        onBlur={apply}
        onKeyDown={(event) => event.key === "Enter" && apply()}
      />
      <span id={`${field}-hint`} className="hint">{words.idEditable}</span>
      <FieldProblems id={`${field}-problems`} messages={messages} />
    </div>
  );
}
