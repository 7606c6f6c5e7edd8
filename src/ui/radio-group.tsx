import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type { ComponentProps } from "react";

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={`choice-list ${className ?? ""}`} {...props} />;
}

export function RadioOption({ value, label, id }: { value: string; label: string; id: string }) {
  return (
    <label className="choice" htmlFor={id}>
      <RadioGroupPrimitive.Item id={id} value={value} className="radio" data-slot="radio">
        <RadioGroupPrimitive.Indicator className="radio-indicator" />
      </RadioGroupPrimitive.Item>
      <span>{label}</span>
    </label>
  );
}
