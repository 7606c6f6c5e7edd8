import { LIMITS } from "../core/fields.ts";
import { TextInput } from "../ui/text-input.tsx";
import type { QuestionProps } from "./question-props.ts";
import { useAnswer } from "./use-answer.ts";

/** Text and number questions: the input type is the question type. */
export default function TextQuestion({ question, a11y }: QuestionProps<"text"> | QuestionProps<"number">) {
  const { value, setValue } = useAnswer<string>(question.id);
  const isNumber = question.type === "number";
  return (
    <TextInput
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
