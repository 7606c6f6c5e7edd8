import type { CompanionField } from "../../generated/survey-config.ts";
import { LIMITS } from "../../core/fields.ts";
import { TextInput } from "../../ui/text-input.tsx";
import { useAnswer } from "./use-answer.ts";

/** The free-text field of 'other' choices and the extra box under checkbox lists. */
export function CompanionText({ field }: { field: CompanionField }) {
  const { value, setValue } = useAnswer<string>(field.id);
  return (
    <TextInput
      className="companion-input"
      name={field.id}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      placeholder={field.placeholder}
      aria-label={field.label ?? field.placeholder}
      maxLength={LIMITS.textLength}
      autoComplete="off"
    />
  );
}
