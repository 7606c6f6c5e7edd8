import { optionLabel, optionValue } from "../../core/fields.ts";
import { toggleOption } from "./choices.ts";
import { CheckboxOption } from "../../ui/checkbox.tsx";
import { CompanionText } from "../shared/companion-text.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

export default function CheckboxQuestion({ question, a11y }: QuestionProps<"checkbox">) {
  const { value, setValue } = useAnswer<string[]>(question.id);
  const { id, ...aria } = a11y;
  const layout = question.optionLayout ?? "comfortable";
  return (
    <>
      <div role="group" {...aria} className={`choice-scroll choice-grid choice-grid-${layout}`}>
        {question.options.map((option, index) => {
          const optionId = optionValue(option);
          return (
            <CheckboxOption
              key={optionId}
              id={`${id}-${index}`}
              label={optionLabel(option)}
              checked={value.includes(optionId)}
              onCheckedChange={(checked) => setValue(toggleOption(value, optionId, checked, question.maxSelections))}
            />
          );
        })}
      </div>
      {question.extraText && <CompanionText field={question.extraText} />}
    </>
  );
}
