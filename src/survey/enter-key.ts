/**
 * Whether an Enter key press should move the survey on. Enter keeps its own
 * meaning where the user expects it: a new line in a textarea, activating a
 * button, choosing in an open list, opening an empty drop-down.
 */
export function isAdvancingEnter(event: { key: string; shiftKey: boolean; isComposing?: boolean; target: EventTarget | null }): boolean {
  if (event.key !== "Enter" || event.shiftKey || event.isComposing) return false;
  const target = event.target;
  if (!(target instanceof Element)) return true;
  if (target.closest("textarea, [role=listbox], a")) return false;
  const role = target.getAttribute("role");
  if (role === "combobox") return target.getAttribute("aria-expanded") !== "true" && !target.hasAttribute("data-placeholder");
  if (target.tagName === "BUTTON") return role === "radio" || role === "checkbox";
  return true;
}
