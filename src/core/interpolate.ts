/**
 * Replaces {name} placeholders in a survey text. The validator guarantees at
 * build time that every placeholder names a known value, so an unknown one here
 * is left as written rather than silently removed.
 */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
