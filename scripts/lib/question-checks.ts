/**
 * Checks inside single questions that the schema cannot express: option
 * values unique, the 'other' option present among the options, maxSelections
 * reachable, and a slider whose default and labels lie on its scale.
 */
import { optionValue } from "../../src/core/fields.ts";
import type { Question, SliderQuestion, SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "./survey-error.ts";
import { didYouMean, quoted } from "./suggest.ts";

export function questionErrors(config: SurveyConfig): Located[] {
  return config.questions.flatMap((question, index) => {
    const pointer = `/questions/${index}`;
    if (question.type === "slider") return sliderErrors(question, pointer);
    return "options" in question ? optionErrors(question, pointer) : [];
  });
}

function optionErrors(question: Extract<Question, { options: unknown }>, pointer: string): Located[] {
  const errors: Located[] = [];
  const values = question.options.map(optionValue);
  values.forEach((value, index) => {
    const first = values.indexOf(value);
    if (first < index) errors.push({ pointer: `${pointer}/options/${index}`, message: `option "${value}" is listed twice (also ${pointer}/options/${first}); option values must be unique` });
  });
  if ("other" in question && question.other && !values.includes(question.other.option)) {
    const { option } = question.other;
    errors.push({ pointer: `${pointer}/other/option`, message: `"${option}" is not one of the options of "${question.id}" (allowed: ${quoted(values)}${didYouMean(option, values)})` });
  }
  if ("maxSelections" in question && question.maxSelections !== undefined && question.maxSelections > values.length) {
    errors.push({ pointer: `${pointer}/maxSelections`, message: `maxSelections is ${question.maxSelections} but "${question.id}" has only ${values.length} options (allowed: 1 to ${values.length})` });
  }
  return errors;
}

function sliderErrors(slider: SliderQuestion, pointer: string): Located[] {
  const { min, max, step = 1 } = slider;
  if (min >= max) return [{ pointer: `${pointer}/max`, message: `max (${max}) must be greater than min (${min})` }];
  const scale = `${min}..${max}`;
  const errors: Located[] = [];
  if (slider.default < min || slider.default > max) {
    errors.push({ pointer: `${pointer}/default`, message: `default ${slider.default} is outside the slider's range (allowed: ${scale})` });
  } else if ((slider.default - min) % step !== 0) {
    errors.push({ pointer: `${pointer}/default`, message: `default ${slider.default} cannot be reached from min ${min} in steps of ${step} (allowed: ${min}, ${min + step}, ${min + 2 * step}, …)` });
  }
  (slider.valueLabels ?? []).forEach((label, index) => {
    const at = `${pointer}/valueLabels/${index}`;
    for (const end of ["from", "to"] as const) {
      if (label[end] < min || label[end] > max) errors.push({ pointer: `${at}/${end}`, message: `${end} ${label[end]} is outside the slider's range (allowed: ${scale})` });
    }
    if (label.from > label.to) errors.push({ pointer: `${at}/to`, message: `to (${label.to}) must not be less than from (${label.from})` });
  });
  return errors;
}
