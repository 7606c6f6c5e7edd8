/**
 * A native select whose keyboard choice takes effect when the user settles
 * on it (leaving the field, or Enter), not at each arrow key or typed letter:
 * Chromium changes a closed select's value at every ArrowDown and at each
 * letter of a type-ahead, and each change of a condition's question or test
 * rewrites the rest of the condition. A choice made with the pointer takes
 * effect at once.
 */
import { useState, type ReactNode, type SelectHTMLAttributes } from "react";

const BROWSING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

type SettledSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> & {
  value: string;
  onSettle: (value: string) => void;
  children: ReactNode;
};

export function SettledSelect({ value, onSettle, children, ...props }: SettledSelectProps) {
  const [browsing, setBrowsing] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const settle = () => {
    setBrowsing(false);
    if (pending !== null && pending !== value) onSettle(pending);
    setPending(null);
  };
  return (
    <select
      {...props}
      value={pending ?? value}
      onKeyDown={(event) => {
        if ((BROWSING_KEYS.has(event.key) || event.key.length === 1) && !event.altKey && !event.ctrlKey && !event.metaKey) setBrowsing(true);
        else if (event.key === "Enter") {
          // Enter applies the choice; it does not also open the list (Chromium on Linux would).
          event.preventDefault();
          settle();
        }
      }}
      onChange={(event) => (browsing ? setPending(event.target.value) : onSettle(event.target.value))}
      onBlur={settle}
    >
      {children}
    </select>
  );
}
