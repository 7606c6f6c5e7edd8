import { optionLabel, optionValue } from "../../core/fields.ts";
import { RadioGroup, RadioOption } from "../../ui/radio-group.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";
import "./matrix.css";

/** One card per row, each a radio group of the shared columns: it wraps on a phone rather than scrolling sideways. */
export default function MatrixQuestion({ question, a11y }: QuestionProps<"matrix">) {
  const { value, setValue } = useAnswer<Record<string, string>>(question.id);
  const { id, ...aria } = a11y;
  return (
    <div role="group" {...aria} className="matrix-question">
      {question.rows.map((row, rowIndex) => {
        const rowValue = optionValue(row);
        const rowId = `${id}-row${rowIndex}`;
        return (
          <div key={rowValue} className="matrix-row">
            <p id={rowId} className="matrix-row-label">{optionLabel(row)}</p>
            <RadioGroup aria-labelledby={rowId} className="matrix-choices" value={value[rowValue] ?? ""} onValueChange={(column) => setValue({ ...value, [rowValue]: column })} name={`${question.id}.${rowIndex}`}>
              {question.columns.map((column, columnIndex) => (
                <RadioOption key={optionValue(column)} id={`${rowId}-${columnIndex}`} value={optionValue(column)} label={optionLabel(column)} />
              ))}
            </RadioGroup>
          </div>
        );
      })}
    </div>
  );
}
