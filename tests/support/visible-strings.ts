/**
 * Every string a respondent can meet in a survey, keyed by where it shows
 * ("genero option 2", "messages.next", "thank-you heading"), from the survey
 * as the app renders it. Options are listed by what they show and what they
 * store, since an option's text is also its stored value.
 */
import { optionLabel, optionValue } from "../../src/core/fields.ts";
import type { MessageTexts, ResolvedSurvey } from "../../src/core/resolve-survey.ts";

/** Messages that never appear on their own (they are the defaults the questions above already show). */
const DEFAULTS_ONLY: readonly (keyof MessageTexts)[] = ["answerPlaceholder", "selectPlaceholder", "otherPlaceholder"];

export function visibleStrings(survey: ResolvedSurvey): Record<string, string> {
  const out: Record<string, string> = { route: survey.route, "page title": survey.pageTitle };
  if (survey.description) out.description = survey.description;
  for (const [key, text] of Object.entries(survey.messages) as [keyof MessageTexts, string][]) {
    // The submit-time message shows only for a survey with a submit-time list.
    if (DEFAULTS_ONLY.includes(key) || (key === "submitRequired" && !survey.submitRequiredFields?.length)) continue;
    out[`messages.${key}`] = text;
  }
  for (const question of survey.questions) {
    const at = (what: string) => `${question.id} ${what}`;
    out[at("title")] = question.title;
    if (question.subtitle) out[at("subtitle")] = question.subtitle;
    if ("placeholder" in question && question.placeholder) out[at("placeholder")] = question.placeholder;
    if ("options" in question) {
      question.options.forEach((option, index) => {
        out[at(`option ${index + 1}`)] = optionLabel(option);
        if (optionValue(option) !== optionLabel(option)) out[at(`option ${index + 1} stored as`)] = optionValue(option);
      });
    }
    const companion = question.type === "checkbox" ? question.extraText : question.type === "select" || question.type === "radio" ? question.other : undefined;
    if (companion?.placeholder) out[at("free-text placeholder")] = companion.placeholder;
    if (companion?.label) out[at("free-text label")] = companion.label;
    if (question.type === "slider") {
      out[at("left label")] = question.minLabel;
      out[at("right label")] = question.maxLabel;
      for (const label of question.valueLabels ?? []) out[at(`label ${label.from}-${label.to}`)] = label.label;
    }
  }
  const { thankYou, notFound } = survey;
  Object.assign(out, {
    "thank-you address": thankYou.path,
    "thank-you after (ms)": String(thankYou.delayMs),
    "thank-you lang": thankYou.language,
    "thank-you tab title": thankYou.pageTitle,
    "thank-you emoji": thankYou.emoji,
    "thank-you heading": thankYou.heading,
    "thank-you text": thankYou.text,
    "thank-you button": thankYou.buttonLabel,
    "thank-you button goes to": thankYou.buttonTo,
  });
  if (thankYou.tip) out["thank-you tip"] = thankYou.tip;
  thankYou.links.forEach((link, index) => Object.assign(out, { [`thank-you link ${index + 1}`]: link.label, [`thank-you link ${index + 1} goes to`]: link.url }));
  Object.assign(out, {
    "404 lang": notFound.language,
    "404 tab title": notFound.pageTitle,
    "404 heading": notFound.heading,
    "404 text": notFound.text,
    "404 button": notFound.buttonLabel,
    "404 button goes to": notFound.buttonTo,
  });
  return out;
}
