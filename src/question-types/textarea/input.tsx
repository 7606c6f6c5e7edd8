import { LIMITS } from "../../core/fields.ts";
import { TextArea } from "../../ui/text-input.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

export default function TextareaQuestion({ question, a11y }: QuestionProps<"textarea">) {
  const { value, setValue } = useAnswer<string>(question.id);
  return (
    <TextArea
      {...a11y}
      name={question.id}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      placeholder={question.placeholder}
      maxLength={question.maxLength ?? LIMITS.textLength}
    />
  );
}
