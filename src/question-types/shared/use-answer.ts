import { useController, useFormContext } from "react-hook-form";
import type { AnswerValue, Answers } from "../../core/answers.ts";

/** One field's value in the form state; editing it clears its error, as the spec says. */
export function useAnswer<T extends AnswerValue>(name: string) {
  const { field } = useController<Answers>({ name });
  const clearError = useClearErrorOnEdit(name);
  const setValue = (value: T) => {
    field.onChange(value);
    clearError();
  };
  return { value: field.value as T, setValue };
}

/** What an edit of the answer calls: clears its error, only when there is one (clearing notifies every error subscriber, on every keystroke). */
export function useClearErrorOnEdit(name: string): () => void {
  const { getFieldState, clearErrors } = useFormContext<Answers>();
  return () => {
    if (getFieldState(name).error) clearErrors(name);
  };
}
