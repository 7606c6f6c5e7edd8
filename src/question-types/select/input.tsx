import { optionLabel, optionValue } from "../../core/fields.ts";
import { Select } from "../../ui/select.tsx";
import { CompanionText } from "../shared/companion-text.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

export default function SelectQuestion({ question, a11y }: QuestionProps<"select">) {
  const { value, setValue } = useAnswer<string>(question.id);
  const options = question.options.map((option) => ({ value: optionValue(option), label: optionLabel(option) }));
  return (
    <>
      <Select a11y={a11y} value={value} onValueChange={setValue} placeholder={question.placeholder} options={options} />
      {question.other && value === question.other.option && <CompanionText field={question.other} />}
    </>
  );
}
