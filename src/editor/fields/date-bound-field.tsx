/**
 * A date limit of the survey file: none, a fixed date ("2026-01-31", in the
 * browser's date field), or days from the respondent's today
 * ({ "daysFromToday": -36500 }; 0 is today, negative is the past).
 */
import { useId } from "react";
import type { DateBound } from "../../generated/survey-config.ts";
import { pointerOf, setAt, valueAt, type JSONPath } from "../model/file-edits.ts";
import { problemsAt, useEditing } from "../editing-context.ts";
import { useWords } from "../words/use-words.ts";
import { FieldProblems } from "./field-problems.tsx";

type Mode = "none" | "fixed" | "relative";

const modeOf = (bound: unknown): Mode => (typeof bound === "string" ? "fixed" : typeof bound === "object" && bound !== null ? "relative" : "none");

export function DateBoundField({ path, label }: { path: JSONPath; label: string }) {
  const { currentText, survey, change, problems } = useEditing();
  const words = useWords();
  const id = useId();
  const pointer = pointerOf(path);
  const messages = problemsAt(problems, pointer).concat(problemsAt(problems, `${pointer}/daysFromToday`));
  const bound = valueAt(survey, path) as DateBound | undefined;
  const mode = modeOf(bound);
  const write = (next: DateBound | undefined) => change(setAt(currentText(), path, next), pointer);
  const switchTo = (next: Mode) => write(next === "none" ? undefined : next === "fixed" ? new Date().toISOString().slice(0, 10) : { daysFromToday: 0 });
  return (
    <fieldset className="field date-bound">
      <legend>{label}</legend>
      <label htmlFor={`${id}-mode`} className="visually-hidden">{words.dateBoundKind(label)}</label>
      <select id={`${id}-mode`} value={mode} onChange={(event) => switchTo(event.target.value as Mode)}>
        <option value="none">{words.dateBoundNone}</option>
        <option value="fixed">{words.dateBoundFixed}</option>
        <option value="relative">{words.dateBoundRelative}</option>
      </select>
      {mode === "fixed" && (
        <>
          <label htmlFor={`${id}-date`} className="visually-hidden">{words.dateLabel}</label>
          <input id={`${id}-date`} type="date" value={bound as string} aria-invalid={messages.length > 0 || undefined} onChange={(event) => event.target.value !== "" && write(event.target.value)} />
        </>
      )}
      {mode === "relative" && (
        <>
          <label htmlFor={`${id}-days`}>{words.daysFromToday}</label>
          <input
            id={`${id}-days`}
            type="number"
            step={1}
            value={(bound as { daysFromToday: number }).daysFromToday}
            aria-invalid={messages.length > 0 || undefined}
            onChange={(event) => event.target.value !== "" && write({ daysFromToday: Math.trunc(Number(event.target.value)) })}
          />
        </>
      )}
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </fieldset>
  );
}
