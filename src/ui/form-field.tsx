/**
 * The one bridge between a question and accessibility: it owns the ids that
 * tie the title (the accessible name) and the error line to the input, so no
 * question file wires ARIA by hand.
 */
import { createContext, useContext, useId, type ReactNode } from "react";

export interface FieldA11y {
  id: string;
  "aria-labelledby": string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

const FieldContext = createContext<FieldA11y | null>(null);

export function useFieldA11y(): FieldA11y {
  const field = useContext(FieldContext);
  if (!field) throw new Error("[survey] useFieldA11y must be used inside <FormField>");
  return field;
}

interface FormFieldProps {
  title: string;
  subtitle?: string;
  emoji: string;
  error?: string;
  children: ReactNode;
}

export function FormField({ title, subtitle, emoji, error, children }: FormFieldProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const subtitleId = `${id}-subtitle`;
  const errorId = `${id}-error`;
  const describedBy = [subtitle ? subtitleId : "", error ? errorId : ""].filter(Boolean).join(" ");
  const a11y: FieldA11y = {
    id: `${id}-input`,
    "aria-labelledby": titleId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(error ? { "aria-invalid": true as const } : {}),
  };
  return (
    <div className="field" data-slot="form-field">
      <div className="field-emoji" aria-hidden="true">{emoji}</div>
      <h1 className="field-title" id={titleId}>{title}</h1>
      {subtitle && <p className="field-subtitle" id={subtitleId}>{subtitle}</p>}
      <FieldContext.Provider value={a11y}>{children}</FieldContext.Provider>
      <p className="field-error" id={errorId} role="alert" aria-live="assertive">{error}</p>
    </div>
  );
}
