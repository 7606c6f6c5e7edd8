/**
 * The survey's texts outside its questions: page title and link preview,
 * the built-in messages (each showing its preset's wording until it is
 * overridden), the thank-you and 404 pages, the endings, the quotas, the A/B test, the hidden fields,
 * and for a survey in several languages its translations.
 */
import type { Messages } from "../generated/survey-config.ts";
import { presetFor } from "../i18n/presets.ts";
import { ArmsEditor } from "./arms-editor.tsx";
import { useEditing } from "./editing-context.ts";
import { TextField } from "./fields/text-field.tsx";
import { EndingsEditor } from "./endings-editor.tsx";
import { HiddenFields } from "./hidden-fields.tsx";
import { QuotasEditor } from "./quotas-editor.tsx";
import { TranslationsPanel } from "./translations-panel.tsx";
import { useWords } from "./words/use-words.ts";

const PAGE_TEXTS = [
  ["pageTitle", "pageTitleOnly"],
  ["heading", "headingField"],
  ["text", "textField"],
  ["buttonLabel", "buttonField"],
] as const;

export function SurveyTexts() {
  const { survey } = useEditing();
  const words = useWords();
  const preset = presetFor(survey.language);
  const thankYouPreset = presetFor(survey.thankYou?.language ?? survey.language).thankYou;
  const notFoundPreset = presetFor(survey.notFound?.language ?? survey.language).notFound;
  return (
    <>
      <details className="survey-texts" open>
        <summary>{words.page}</summary>
        <TextField path={["pageTitle"]} label={words.pageTitleField} />
        <TextField path={["description"]} label={words.descriptionField} optional multiline />
        <TextField path={["professionalName"]} label={words.professionalNameField} />
      </details>
      <details className="survey-texts">
        <summary>{words.messagesSection}</summary>
        {(Object.keys(preset.messages) as (keyof Messages)[]).map((key) => (
          <TextField key={key} path={["messages", key]} label={key} optional fallback={preset.messages[key]} />
        ))}
      </details>
      <details className="survey-texts">
        <summary>{words.thankYouSection}</summary>
        {PAGE_TEXTS.map(([key, label]) => (
          <TextField key={key} path={["thankYou", key]} label={words[label]} optional fallback={thankYouPreset[key]} multiline={key === "text"} />
        ))}
        <TextField path={["thankYou", "tip"]} label={words.tipField} optional multiline />
      </details>
      <EndingsEditor />
      <QuotasEditor />
      <ArmsEditor />
      <details className="survey-texts">
        <summary>{words.notFoundSection}</summary>
        {PAGE_TEXTS.map(([key, label]) => (
          <TextField key={key} path={["notFound", key]} label={words[label]} optional fallback={notFoundPreset[key]} multiline={key === "text"} />
        ))}
      </details>
      <HiddenFields />
      {(survey.languages?.length ?? 0) > 1 && <TranslationsPanel />}
    </>
  );
}
