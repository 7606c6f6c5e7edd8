/** The settings of one question that depend on its type: placeholders, options, 'other' field, limits, slider scale. */
import type { Question } from "../generated/survey-config.ts";
import { presetFor } from "../i18n/presets.ts";
import { useEditing } from "./editing-context.ts";
import { NumberField } from "./fields/number-field.tsx";
import { TextField } from "./fields/text-field.tsx";
import { OptionList } from "./option-list.tsx";
import { ValueLabels } from "./value-labels.tsx";

export function QuestionFields({ question, index }: { question: Question; index: number }) {
  const { survey } = useEditing();
  const at = (...path: (string | number)[]) => ["questions", index, ...path];
  const messages = { ...presetFor(survey.language).messages, ...survey.messages };
  switch (question.type) {
    case "text":
    case "number":
    case "textarea":
      return <TextField path={at("placeholder")} label="Placeholder" optional fallback={messages.answerPlaceholder} />;
    case "select":
    case "radio":
      return (
        <>
          {question.type === "select" && <TextField path={at("placeholder")} label="Placeholder" optional fallback={messages.selectPlaceholder} />}
          <OptionList question={index} options={question.options} />
          {question.other && (
            <fieldset>
              <legend>{`Text field when “${question.other.option}” is chosen`}</legend>
              <TextField path={at("other", "label")} label="Its label" optional />
              <TextField path={at("other", "placeholder")} label="Its placeholder" optional fallback={messages.otherPlaceholder} />
            </fieldset>
          )}
        </>
      );
    case "checkbox":
      return (
        <>
          <OptionList question={index} options={question.options} />
          <NumberField path={at("maxSelections")} label="At most this many choices (empty: no limit)" optional />
          {question.extraText && (
            <fieldset>
              <legend>Extra text field</legend>
              <TextField path={at("extraText", "label")} label="Its label" optional />
              <TextField path={at("extraText", "placeholder")} label="Its placeholder" optional fallback={messages.otherPlaceholder} />
            </fieldset>
          )}
        </>
      );
    case "slider":
      return (
        <>
          <div className="field-row">
            <NumberField path={at("min")} label="Lowest" />
            <NumberField path={at("max")} label="Highest" />
            <NumberField path={at("step")} label="Step" optional />
            <NumberField path={at("default")} label="Starts at" />
          </div>
          <TextField path={at("minLabel")} label="Text at the lowest end" />
          <TextField path={at("maxLabel")} label="Text at the highest end" />
          <ValueLabels question={question} index={index} />
        </>
      );
  }
}
