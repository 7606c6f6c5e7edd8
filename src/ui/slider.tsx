import { Slider as SliderPrimitive } from "radix-ui";
import type { FieldA11y } from "./form-field.tsx";

interface SliderProps {
  a11y: FieldA11y;
  value: number[];
  onValueChange: (value: number[]) => void;
  min: number;
  max: number;
  step: number;
  valueText: string;
}

export function Slider({ a11y, value, onValueChange, min, max, step, valueText }: SliderProps) {
  const { id, ...aria } = a11y;
  return (
    <SliderPrimitive.Root className="slider" value={value} onValueChange={onValueChange} min={min} max={max} step={step} data-slot="slider">
      <SliderPrimitive.Track className="slider-track">
        <SliderPrimitive.Range className="slider-range" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb className="slider-thumb" id={id} aria-valuetext={valueText} {...aria} />
    </SliderPrimitive.Root>
  );
}
