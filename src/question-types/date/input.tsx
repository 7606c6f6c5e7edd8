import { boundDate } from "./bounds.ts";
import { TextInput } from "../../ui/text-input.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";
import "./date.css";

/** The browser's own date field: typed by keyboard segment by segment, or picked with the platform's accessible picker; min and max bound both. */
export default function DateQuestion({ question, a11y }: QuestionProps<"date">) {
  const { value, setValue } = useAnswer<string>(question.id);
  return (
    <TextInput
      {...a11y}
      className="date-input"
      name={question.id}
      type="date"
      min={boundDate(question.min)}
      max={boundDate(question.max)}
      value={typeof value === "string" ? value : ""}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}
