import type { ComponentProps, TextareaHTMLAttributes } from "react";

export function TextInput({ className, ...props }: ComponentProps<"input">) {
  return <input data-slot="input" className={`input ${className ?? ""}`} {...props} />;
}

export function TextArea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea data-slot="textarea" className={`input textarea ${className ?? ""}`} rows={4} {...props} />;
}
