/** How numbers, shares, durations and times read in the report (the survey's language; times in UTC). */
export function formatters(language: string) {
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const share = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const date = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  return {
    integer: (value: number) => integer.format(value),
    decimal: (value: number) => decimal.format(value),
    percent: (value: number | null) => (value === null ? "—" : `${share.format(value * 100)} %`),
    duration(seconds: number | null): string {
      if (seconds === null) return "—";
      const minutes = Math.floor(seconds / 60);
      return minutes === 0 ? `${Math.round(seconds)} s` : `${minutes} min ${Math.round(seconds % 60)} s`;
    },
    dateTime: (iso: string | null) => (iso === null ? "—" : `${dateTime.format(new Date(iso))} UTC`),
    date: (iso: string) => date.format(new Date(`${iso}T00:00:00Z`)),
  };
}

export type Formatters = ReturnType<typeof formatters>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
