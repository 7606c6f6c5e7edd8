/**
 * The settings of one question that depend on its type (placeholders,
 * options, 'other' field, limits, slider scale), drawn from the fields its
 * type's tools describe (src/question-types/<type>/tools.ts).
 */
import type { Question, SliderQuestion } from "../generated/survey-config.ts";
import { presetFor } from "../i18n/presets.ts";
import type { EditorField, EditorText } from "../question-types/editor-fields.ts";
import { companionOf } from "../core/fields.ts";
import { shuffledListOf } from "../core/shown-order.ts";
import { isQuestionType, toolsOf } from "../question-types/registry.ts";
import { useEditing } from "./editing-context.ts";
import { ChoiceField } from "./fields/choice-field.tsx";
import { DateBoundField } from "./fields/date-bound-field.tsx";
import { NumberField } from "./fields/number-field.tsx";
import { SwitchField } from "./fields/switch-field.tsx";
import { TextField } from "./fields/text-field.tsx";
import { OptionList } from "./option-list.tsx";
import { ValueLabels } from "./value-labels.tsx";
import { useWords } from "./words/use-words.ts";

export function QuestionFields({ question, index }: { question: Question; index: number }) {
  const { survey } = useEditing();
  const words = useWords();
  const say = (text: EditorText) => text[words.language];
  const at = (...path: (string | number)[]) => ["questions", index, ...path];
  const messages = { ...presetFor(survey.language).messages, ...survey.messages };
  const draw = (field: EditorField, key: number) => {
    switch (field.kind) {
      case "textField":
        return <TextField key={key} path={at(field.key)} label={say(field.label)} optional={field.optional} fallback={field.fallback && messages[field.fallback]} />;
      case "numberField":
        return <NumberField key={key} path={at(field.key)} label={say(field.label)} optional={field.optional} />;
      case "row":
        return <div key={key} className="field-row">{field.fields.map(draw)}</div>;
      case "options": {
        const list = field.key ?? "options";
        const options = (question as unknown as Record<string, unknown>)[list];
        const shuffled = shuffledListOf(question)?.list === list;
        return <OptionList key={key} question={index} list={list} legend={field.legend && say(field.legend)} options={Array.isArray(options) ? options : []} shuffled={shuffled} />;
      }
      case "choice":
        return <ChoiceField key={key} path={at(field.key)} label={say(field.label)} choices={field.choices.map((choice) => ({ value: choice.value, label: say(choice.label) }))} unset={field.optional ? say(field.unset ?? field.choices[0]!.label) : undefined} />;
      case "dateBound":
        return <DateBoundField key={key} path={at(field.key)} label={say(field.label)} />;
      case "companion": {
        const companion = companionOf(question);
        return (
          companion && (
            <fieldset key={key}>
              <legend>{say(field.legend).replace("{option}", companion.revealedBy ?? "")}</legend>
              <TextField path={at(companion.key, "label")} label={words.companionLabel} optional />
              <TextField path={at(companion.key, "placeholder")} label={words.companionPlaceholder} optional fallback={messages.otherPlaceholder} />
            </fieldset>
          )
        );
      }
      case "switch":
        return <SwitchField key={key} path={at(field.key)} label={say(field.label)} leftOutWhenOff />;
      case "valueLabels":
        // Only a slider's tools ask for it.
        return <ValueLabels key={key} question={question as SliderQuestion} index={index} />;
    }
  };
  // A type the file names but no folder defines has no settings to draw (validate says what is wrong).
  return <>{isQuestionType(question.type) && toolsOf(question).editor.fields.map(draw)}</>;
}
