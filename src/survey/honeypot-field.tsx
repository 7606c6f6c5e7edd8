import type { Ref } from "react";
import { HONEYPOT } from "../core/honeypot.ts";

/**
 * The honeypot box (see core/honeypot.ts): off-screen rather than display:none,
 * which some bots skip; hidden from screen readers and out of the Tab order,
 * so no person ever reaches it.
 */
export function HoneypotField({ ref }: { ref: Ref<HTMLInputElement> }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input ref={ref} type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
