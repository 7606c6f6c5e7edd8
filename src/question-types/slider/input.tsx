import { sliderValueLabel } from "./value-label.ts";
import { Slider } from "../../ui/slider.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

export default function SliderQuestion({ question, a11y }: QuestionProps<"slider">) {
  const { value, setValue } = useAnswer<number[]>(question.id);
  // The slider has no empty state: an unexpected value falls back to the default.
  const current = Array.isArray(value) && typeof value[0] === "number" ? value[0] : question.default;
  const label = sliderValueLabel(current, question.valueLabels);
  return (
    <div className="slider-question">
      <p className="slider-value" aria-hidden="true">
        <span className="slider-number">{current}</span>
        {label && <span className="slider-label">{label}</span>}
      </p>
      <Slider a11y={a11y} value={[current]} onValueChange={setValue} min={question.min} max={question.max} step={question.step ?? 1} valueText={label ? `${current} - ${label}` : String(current)} />
      <div className="slider-ends" aria-hidden="true">
        <span>{question.minLabel}</span>
        <span>{question.maxLabel}</span>
      </div>
    </div>
  );
}
