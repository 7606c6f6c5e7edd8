/**
 * What a translator is told about the placeholders of one text, and the
 * flags their tools check while they type. `python-brace-format` is the
 * gettext flag for `{name}` placeholders: msgfmt -c, Poedit and Weblate then
 * refuse a translation that loses or adds one by name (a recall's fallback,
 * after |, may change: it is part of the format spec, not the name). Weblate's
 * `placeholders:` flag also names each one, a recall as a regular expression
 * that accepts any fallback. The sentence around a placeholder is always one
 * entry, so a translator writes the article or contraction the inserted value
 * needs ("na {professionalName}") rather than gluing fragments.
 */
import { recallsIn } from "../../src/core/interpolate.ts";
import { textAt } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const NAMED = /\{(\w+)\}/g;

const NAMED_NOTES: Record<string, string> = {
  current: "the number of the question shown",
  total: "the number of questions",
  percent: "the share of the survey done, a whole number",
  min: "the earliest date allowed, written as the language writes dates, or its word for today",
  max: "the latest date allowed, written as the language writes dates, or its word for today",
};

const quoted = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** One note line per placeholder the text holds, in the order they appear. */
export function placeholderNotes(config: SurveyConfig, language: string, translated: (pointer: string) => string | undefined, text: string): string[] {
  const notes = [...new Set([...text.matchAll(NAMED)].map((match) => match[1]!))].map((name) => {
    if (name === "professionalName") {
      const value = translated("/professionalName") ?? config.professionalName;
      return `{professionalName} is replaced with «${value}» in ${language} (the text at /professionalName): keep it as written, and word this sentence so that it reads well with that value (an article or contraction belongs here, outside the braces).`;
    }
    return `{${name}} is replaced with ${NAMED_NOTES[name] ?? "a value the page fills in"}: keep it as written.`;
  });
  for (const { questionId, fallback } of recallsIn(text)) {
    const index = config.questions.findIndex((question) => question.id === questionId);
    const title = textAt(config, `/questions/${index}/title`);
    const until = fallback === undefined ? "until then, with nothing" : `until then, with «${fallback}», the fallback after |: translate the fallback`;
    notes.push(`{answer:${questionId}${fallback === undefined ? "" : "|…"}} is replaced with the respondent's answer to question ${index + 1} (${questionId}, «${title}»); ${until}; keep {answer:${questionId}${fallback === undefined ? "" : "|"}…} as written.`);
  }
  return notes;
}

/** The flags of a text with placeholders, empty without. */
export function placeholderFlags(text: string): string[] {
  const named = [...new Set([...text.matchAll(NAMED)].map((match) => `{${match[1]}}`))].map(quoted);
  // Brackets rather than backslashes ([{] for \{), so the expression needs no escaping inside Weblate's quoted flag.
  const recalls = recallsIn(text).map(({ questionId, fallback }) => `r${quoted(`[{]answer:${questionId.replace(/[^\w]/g, (c) => `[${c}]`)}${fallback === undefined ? "" : "[|][^{}]*"}[}]`)}`);
  const all = [...named, ...recalls];
  return all.length ? ["python-brace-format", `placeholders:${all.join(":")}`] : [];
}
