import { optionLabel, optionValue } from "../../core/fields.ts";
import { RadioGroup, RadioOption } from "../../ui/radio-group.tsx";
import { CompanionText } from "../shared/companion-text.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

export default function RadioQuestion({ question, a11y }: QuestionProps<"radio">) {
  const { value, setValue } = useAnswer<string>(question.id);
  const { id, ...aria } = a11y;
  return (
    <>
      <RadioGroup {...aria} value={value} onValueChange={setValue} name={question.id}>
        {question.options.map((option, index) => (
          <RadioOption key={optionValue(option)} id={`${id}-${index}`} value={optionValue(option)} label={optionLabel(option)} />
        ))}
      </RadioGroup>
      {question.other && value === question.other.option && <CompanionText field={question.other} />}
    </>
  );
}
