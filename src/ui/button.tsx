import type { ButtonHTMLAttributes } from "react";

type ButtonVariant = "primary" | "secondary" | "submit";

export function Button({ variant = "primary", className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type="button" data-slot="button" className={`button button-${variant} ${className ?? ""}`} {...props} />;
}
