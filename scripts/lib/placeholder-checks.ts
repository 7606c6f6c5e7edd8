/**
 * Every {name} in a survey's texts must be one the app fills in, at a place
 * where it fills it in: {professionalName} anywhere, {current}/{total} only in
 * messages.progress, {percent} only in messages.percentComplete, a date's
 * {min} and {max} only in the date range messages,
 * {answer:…} only in a question's title, subtitle, placeholder and option
 * labels (what it recalls is checked by recall-checks.ts). A typo such as
 * {profesionalName} would otherwise reach respondents verbatim.
 */
import type { Located } from "../../src/core/checks/located.ts";
import { childPointer } from "../../src/core/checks/located.ts";
import { didYouMean } from "../../src/core/checks/suggest.ts";

const ALLOWED_AT: Record<string, string[]> = {
  "/messages/progress": ["professionalName", "current", "total"],
  "/messages/percentComplete": ["professionalName", "percent"],
  "/messages/dateBetween": ["professionalName", "min", "max"],
  "/messages/dateFrom": ["professionalName", "min"],
  "/messages/dateUntil": ["professionalName", "max"],
  // The name itself is what {professionalName} is replaced with.
  "/professionalName": [],
};
const KNOWN = new Set(Object.values(ALLOWED_AT).flat());
const allowedAt = (pointer: string): string[] => ALLOWED_AT[pointer] ?? ["professionalName"];
const RECALL_PLACES = /^\/questions\/\d+\/(title|subtitle|placeholder|options\/\d+(\/label)?)$/;

function* strings(value: unknown, pointer: string): Generator<[string, string]> {
  if (typeof value === "string") yield [pointer, value];
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) yield* strings(child, childPointer(pointer, key));
  }
}

export function placeholderErrors(config: unknown): Located[] {
  const errors: Located[] = [];
  for (const [pointer, text] of strings(config, "")) {
    const allowed = allowedAt(pointer);
    for (const [, name] of text.matchAll(/\{([^{}]*)\}/g)) {
      if (allowed.includes(name!)) continue;
      if (name!.startsWith("answer:")) {
        if (!RECALL_PLACES.test(pointer)) errors.push({ pointer, message: `{${name}} recalls an answer only in a question's title, subtitle, placeholder or option labels` });
        continue;
      }
      const list = allowed.length ? allowed.map((a) => `{${a}}`).join(", ") : "none";
      const problem = KNOWN.has(name!) ? `placeholder {${name}} is not filled in here` : `unknown placeholder {${name}}`;
      errors.push({ pointer, message: `${problem} (allowed here: ${list}${didYouMean(name!, allowed, (a) => `{${a}}`)})` });
    }
  }
  return errors;
}
