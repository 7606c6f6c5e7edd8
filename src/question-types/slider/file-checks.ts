/**
 * Checks on one slider: its scale runs from min to max in whole steps, the
 * default lies on that scale, and each value has at most one describing text.
 */
import type { SliderQuestion } from "../../generated/survey-config.ts";
import type { Located } from "../../core/checks/located.ts";

/** Steps that land exactly on max from min: the divisors of the span. */
function fittingSteps(span: number): number[] {
  return Array.from({ length: span }, (_, i) => i + 1).filter((step) => span % step === 0);
}

function labelErrors(slider: SliderQuestion, pointer: string): Located[] {
  const { min, max } = slider;
  const labels = slider.valueLabels ?? [];
  const errors: Located[] = [];
  labels.forEach((label, index) => {
    const at = `${pointer}/valueLabels/${index}`;
    const before = errors.length;
    for (const end of ["from", "to"] as const) {
      if (label[end] < min || label[end] > max) errors.push({ pointer: `${at}/${end}`, message: `${end} ${label[end]} is outside the slider's range (allowed: ${min}..${max})` });
    }
    if (label.from > label.to) errors.push({ pointer: `${at}/to`, message: `to (${label.to}) must not be less than from (${label.from})` });
    if (errors.length > before) return;
    // The first range containing a value wins (value-label.ts): a later overlapping one is never shown there.
    const earlier = labels.findIndex((other, i) => i < index && other.from <= label.to && label.from <= other.to);
    if (earlier < 0) return;
    const other = labels[earlier]!;
    const shared = `${Math.max(other.from, label.from)}..${Math.min(other.to, label.to)}`;
    errors.push({
      pointer: `${at}/from`,
      message: `"${label.label}" (${label.from}..${label.to}) overlaps "${other.label}" (${pointer}/valueLabels/${earlier}, ${other.from}..${other.to}) on ${shared}, where only "${other.label}" would be shown; make the ranges meet without overlapping (e.g. from ${other.to + 1})`,
    });
  });
  return errors;
}

export function sliderErrors(slider: SliderQuestion, pointer: string): Located[] {
  const { min, max, step = 1 } = slider;
  if (min >= max) return [{ pointer: `${pointer}/max`, message: `max (${max}) must be greater than min (${min})` }];
  const errors: Located[] = [];
  const span = max - min;
  if (span % step !== 0) {
    const last = min + Math.floor(span / step) * step;
    errors.push({ pointer: `${pointer}/step`, message: `step ${step} never reaches max ${max} from min ${min} (the last value would be ${last}); use a step that divides ${span} (allowed: ${fittingSteps(span).join(", ")})` });
  }
  if (slider.default < min || slider.default > max) {
    errors.push({ pointer: `${pointer}/default`, message: `default ${slider.default} is outside the slider's range (allowed: ${min}..${max})` });
  } else if ((slider.default - min) % step !== 0) {
    errors.push({ pointer: `${pointer}/default`, message: `default ${slider.default} cannot be reached from min ${min} in steps of ${step} (allowed: ${min}, ${min + step}, ${min + 2 * step}, …)` });
  }
  return [...errors, ...labelErrors(slider, pointer)];
}
