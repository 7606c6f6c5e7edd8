import { useLayoutEffect, useRef } from "react";
import { useFormContext } from "react-hook-form";
import type { Answers } from "../../core/answers.ts";
import { LIMITS } from "../../core/fields.ts";
import { TextInput } from "../../ui/text-input.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useClearErrorOnEdit } from "../shared/use-answer.ts";

/** What the typed input is for a text or a number question; each type's input says its own. */
export interface TypedInputKind {
  type: "text" | "number";
  inputMode?: "numeric";
  maxLength?: number;
  autoComplete: string;
}

/**
 * A typed answer's input (a text question's, and a number's with its own kind). The input
 * is registered with the form, not controlled: a keystroke updates the answer
 * without rendering anything, where a controlled input re-renders and commits
 * on every key (the bench's keystroke → frame on a slow phone). The form
 * writes an answer changed elsewhere (a draft restored, Back) into the input.
 */
export function TypedInput({ question, a11y, kind }: (QuestionProps<"text"> | QuestionProps<"number">) & { kind: TypedInputKind }) {
  const { register, setValue, getValues } = useFormContext<Answers>();
  const name = question.id;
  const field = register(name, { onChange: useClearErrorOnEdit(name) });
  // The first question is in the prerendered page, where a respondent can type before the script arrives. The form
  // writes its own value into the input when it registers it, so the typed text is read just before, at the first attach.
  const typedBeforeScript = useRef<string>(undefined);
  const ref = (element: HTMLInputElement | null) => {
    if (element) typedBeforeScript.current ??= element.value;
    field.ref(element);
  };
  // Here, once, that text becomes the answer. The question hydrates after the runner's effects (its Suspense
  // boundary comes second), so this runs after a draft is restored: what was typed is newer and wins, and the draft
  // saves it (tests/e2e/loading.spec.ts).
  useLayoutEffect(() => {
    const typed = typedBeforeScript.current ?? "";
    if (typed !== "" && typed !== getValues(name)) setValue(name, typed, { shouldDirty: true });
  }, []);
  return <TextInput {...a11y} {...field} ref={ref} type={kind.type} placeholder={question.placeholder} inputMode={kind.inputMode} maxLength={kind.maxLength} autoComplete={kind.autoComplete} />;
}

export default function TextQuestion({ question, a11y }: QuestionProps<"text">) {
  return <TypedInput question={question} a11y={a11y} kind={{ type: "text", maxLength: question.maxLength ?? LIMITS.textLength, autoComplete: "name" }} />;
}
