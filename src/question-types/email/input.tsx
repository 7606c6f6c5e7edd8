import { useFormContext } from "react-hook-form";
import type { Answers } from "../../core/answers.ts";
import { TextInput } from "../../ui/text-input.tsx";
import { EMAIL_MAX } from "./address.ts";
import type { QuestionProps } from "../input-props.ts";
import { useClearErrorOnEdit } from "../shared/use-answer.ts";

/** Registered with the form, not controlled, as the text input is; the phone keyboard's @ and the browser's saved address help. */
export default function EmailQuestion({ question, a11y }: QuestionProps<"email">) {
  const { register } = useFormContext<Answers>();
  const field = register(question.id, { onChange: useClearErrorOnEdit(question.id) });
  return <TextInput {...a11y} {...field} type="email" inputMode="email" autoComplete="email" autoCapitalize="off" spellCheck={false} maxLength={EMAIL_MAX} placeholder={question.placeholder} />;
}
