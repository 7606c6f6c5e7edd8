// A number question types into the text question's input, as a number field with a numeric keyboard.
import type { QuestionProps } from "../input-props.ts";
import { TypedInput } from "../text/input.tsx";

export default function NumberQuestion({ question, a11y }: QuestionProps<"number">) {
  return <TypedInput question={question} a11y={a11y} kind={{ type: "number", inputMode: "numeric", autoComplete: "off" }} />;
}
