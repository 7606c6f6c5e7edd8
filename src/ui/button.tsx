import type { ButtonHTMLAttributes, Ref } from "react";

type ButtonVariant = "primary" | "secondary" | "submit" | "danger" | "link";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; ref?: Ref<HTMLButtonElement> };

export function Button({ variant = "primary", className, ...props }: ButtonProps) {
  return <button type="button" data-slot="button" className={`button button-${variant} ${className ?? ""}`} {...props} />;
}
