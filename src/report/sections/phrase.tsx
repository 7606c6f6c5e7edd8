/**
 * A report phrase with placeholders filled by elements ("{question}" → the
 * question's title marked with the survey's language): React escapes every
 * text, so neither the words nor what a respondent typed can become markup.
 */
import { Fragment, type ReactNode } from "react";
import type { Formatters } from "../format.ts";

export function Phrase({ template, values }: { template: string; values: Record<string, ReactNode> }) {
  const parts = template.split(/\{(\w+)\}/);
  return <>{parts.map((part, index) => <Fragment key={index}>{index % 2 === 1 ? (values[part] ?? `{${part}}`) : part}</Fragment>)}</>;
}

/** A text of the survey (a title, an option, a respondent's answer): marked with the survey's language, so screen readers pronounce it right. */
export function SurveyText({ text, f }: { text: string; f: Formatters }) {
  return <span lang={f.surveyLanguage}>{text}</span>;
}
