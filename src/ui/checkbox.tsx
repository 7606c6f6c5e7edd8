import { Checkbox as CheckboxPrimitive } from "radix-ui";

interface CheckboxOptionProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function CheckboxOption({ id, label, checked, onCheckedChange }: CheckboxOptionProps) {
  return (
    <label className="choice" htmlFor={id}>
      <CheckboxPrimitive.Root id={id} className="checkbox" checked={checked} onCheckedChange={(state) => onCheckedChange(state === true)} data-slot="checkbox">
        <CheckboxPrimitive.Indicator className="checkbox-indicator">
          <svg viewBox="0 0 16 16" aria-hidden="true" width="14" height="14"><path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <span>{label}</span>
    </label>
  );
}
