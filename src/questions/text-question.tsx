import { useLayoutEffect, useRef } from "react";
import { LIMITS } from "../core/fields.ts";
import { TextInput } from "../ui/text-input.tsx";
import type { QuestionProps } from "./question-props.ts";
import { useAnswer } from "./use-answer.ts";

/** Text and number questions: the input type is the question type. */
export default function TextQuestion({ question, a11y }: QuestionProps<"text"> | QuestionProps<"number">) {
  const { value, setValue } = useAnswer<string>(question.id);
  const input = useRef<HTMLInputElement>(null);
  // The first question is in the prerendered page, where a respondent can type before the script arrives:
  // hydration keeps that text on screen, and here it becomes the answer. Only on mount; later they change together.
  // The question hydrates after the runner's effects (its Suspense boundary comes second), so this runs after a
  // draft is restored: what was typed is newer and wins, and the draft saves it (tests/e2e/loading.spec.ts).
  useLayoutEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== "" && typed !== value) setValue(typed);
  }, []);
  const isNumber = question.type === "number";
  return (
    <TextInput
      ref={input}
      {...a11y}
      type={question.type}
      name={question.id}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      placeholder={question.placeholder}
      inputMode={isNumber ? "numeric" : undefined}
      maxLength={question.type === "text" ? (question.maxLength ?? LIMITS.textLength) : undefined}
      autoComplete={isNumber ? "off" : "name"}
    />
  );
}
