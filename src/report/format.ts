/**
 * How the report writes in its language: its words (the report preset),
 * numbers, shares, durations and times formatted by Intl for that language
 * (times in the survey's time zone, time-zone.ts), and phrases with a count in the plural form the language
 * gives that count.
 */
import { interpolate } from "../core/interpolate.ts";
import { reportPresetFor, type PluralForms } from "./presets/index.ts";
import { UTC_ZONE, type ReportZone } from "./time-zone.ts";

/** `surveyLanguage`: the language of the survey's own texts shown in the report. */
export function formatters(language: string, surveyLanguage = language, zone: ReportZone = UTC_ZONE) {
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const share = new Intl.NumberFormat(language, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const minutes = new Intl.NumberFormat(language, { style: "unit", unit: "minute", unitDisplay: "short" });
  const seconds = new Intl.NumberFormat(language, { style: "unit", unit: "second", unitDisplay: "short" });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: zone.intl });
  const date = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  const plurals = new Intl.PluralRules(language);
  return {
    language,
    surveyLanguage,
    words: reportPresetFor(language),
    /** The zone the times and days are in, as written after each time. */
    zone: zone.label,
    integer: (value: number) => integer.format(value),
    decimal: (value: number) => decimal.format(value),
    percent: (value: number | null) => (value === null ? "—" : share.format(value)),
    duration(total: number | null): string {
      if (total === null) return "—";
      // Whole seconds first, so that 119.6 s reads "2 min 0 s", never "1 min 60 s".
      const rounded = Math.round(total);
      const whole = Math.floor(rounded / 60);
      return whole === 0 ? seconds.format(rounded) : `${minutes.format(whole)} ${seconds.format(rounded % 60)}`;
    },
    /** A run's duration for the terminal: "3,2 s". */
    seconds: (value: number) => seconds.format(Math.round(value * 10) / 10),
    dateTime: (iso: string | null) => (iso === null ? "—" : `${dateTime.format(new Date(Date.parse(iso) + zone.shiftMinutes * 60_000))} ${zone.label}`),
    date: (iso: string) => date.format(new Date(`${iso}T00:00:00Z`)),
    /** The form of `forms` for `count`, with {count} written out; other placeholders are left for the caller. */
    counted: (forms: PluralForms, count: number) => interpolate(forms[plurals.select(count) as keyof PluralForms] ?? forms.other, { count: integer.format(count) }),
  };
}

export type Formatters = ReturnType<typeof formatters>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A report phrase as HTML: its own words escaped, its placeholders filled with HTML the caller escaped. */
export function phraseHtml(template: string, values: Record<string, string>): string {
  return interpolate(escapeHtml(template), values);
}

/** A text of the survey (a title, an option, a respondent's answer) inside the report: marked with the survey's language. */
export function surveyTextHtml(text: string, f: Formatters): string {
  return `<span lang="${escapeHtml(f.surveyLanguage)}">${escapeHtml(text)}</span>`;
}
