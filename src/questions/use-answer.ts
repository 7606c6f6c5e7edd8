import { useController, useFormContext } from "react-hook-form";
import type { AnswerValue, Answers } from "../core/answers.ts";

/** One field's value in the form state; editing it clears its error, as the spec says. */
export function useAnswer<T extends AnswerValue>(name: string) {
  const { clearErrors } = useFormContext<Answers>();
  const { field, fieldState } = useController<Answers>({ name });
  const setValue = (value: T) => {
    field.onChange(value);
    // Only when there is one: clearing notifies every error subscriber, on every keystroke.
    if (fieldState.error) clearErrors(name);
  };
  return { value: field.value as T, setValue };
}
