import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { useState } from "react";
import { TextInput } from "../../ui/text-input.tsx";
import { TYPED_MAX } from "./e164.ts";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

/** What a typed text means: its E.164 form when it is a valid number, else the text itself (which validation refuses). */
function answerOf(text: string, country: string): string {
  const number = parsePhoneNumberFromString(text, country as CountryCode);
  return number?.isValid() ? number.number : text;
}

/** The respondent's text stays as typed (spaces, dashes, parentheses); the answer is its E.164 form. */
export default function PhoneQuestion({ question, a11y }: QuestionProps<"phone">) {
  const { value, setValue } = useAnswer<string>(question.id);
  const [typed, setTyped] = useState(typeof value === "string" ? value : "");
  return (
    <TextInput
      {...a11y}
      name={question.id}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={TYPED_MAX}
      placeholder={question.placeholder}
      value={typed}
      onChange={(event) => {
        setTyped(event.target.value);
        setValue(event.target.value.trim() === "" ? "" : answerOf(event.target.value, question.defaultCountry));
      }}
    />
  );
}
