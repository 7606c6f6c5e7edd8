/**
 * Report numbers made comparable across the ways that compute them (the
 * database's SQL, the tallies, the Node oracle): dates as instants, numbers
 * to 9 significant digits, since each way writes and sums them differently.
 */
export function comparable(value: unknown): unknown {
  if (typeof value === "number") return Number(value.toPrecision(9));
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)) return Date.parse(value);
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, comparable(entry)]));
  return value;
}
