/**
 * Ticking and unticking a checkbox option. The list keeps the order of ticking;
 * with a maxSelections limit a further tick is ignored rather than replacing
 * an earlier choice behind the respondent's back.
 */
export function toggleOption(selected: readonly string[], option: string, checked: boolean, maxSelections?: number): string[] {
  if (!checked) return selected.filter((value) => value !== option);
  if (selected.includes(option)) return [...selected];
  if (maxSelections !== undefined && selected.length >= maxSelections) return [...selected];
  return [...selected, option];
}
