/**
 * The survey's texts outside its questions: page title and link preview,
 * the built-in messages (each showing its preset's wording until it is
 * overridden), the thank-you and 404 pages, and the hidden fields.
 */
import type { Messages } from "../generated/survey-config.ts";
import { presetFor } from "../i18n/presets.ts";
import { useEditing } from "./editing-context.ts";
import { TextField } from "./fields/text-field.tsx";
import { HiddenFields } from "./hidden-fields.tsx";

const PAGE_TEXTS = [
  ["pageTitle", "Page title (browser tab)"],
  ["heading", "Heading"],
  ["text", "Text"],
  ["buttonLabel", "Button"],
] as const;

export function SurveyTexts() {
  const { survey } = useEditing();
  const preset = presetFor(survey.language);
  const thankYouPreset = presetFor(survey.thankYou?.language ?? survey.language).thankYou;
  const notFoundPreset = presetFor(survey.notFound?.language ?? survey.language).notFound;
  return (
    <>
      <details className="survey-texts" open>
        <summary>Page</summary>
        <TextField path={["pageTitle"]} label="Page title (browser tab and search results)" />
        <TextField path={["description"]} label="Link preview description" optional multiline />
        <TextField path={["professionalName"]} label="The professional's name ({professionalName} in texts)" />
      </details>
      <details className="survey-texts">
        <summary>Buttons, hints and notices</summary>
        {(Object.keys(preset.messages) as (keyof Messages)[]).map((key) => (
          <TextField key={key} path={["messages", key]} label={key} optional fallback={preset.messages[key]} />
        ))}
      </details>
      <details className="survey-texts">
        <summary>Thank-you page</summary>
        {PAGE_TEXTS.map(([key, label]) => (
          <TextField key={key} path={["thankYou", key]} label={label} optional fallback={thankYouPreset[key]} multiline={key === "text"} />
        ))}
        <TextField path={["thankYou", "tip"]} label="Tip" optional multiline />
      </details>
      <details className="survey-texts">
        <summary>Page not found (404)</summary>
        {PAGE_TEXTS.map(([key, label]) => (
          <TextField key={key} path={["notFound", key]} label={label} optional fallback={notFoundPreset[key]} multiline={key === "text"} />
        ))}
      </details>
      <HiddenFields />
    </>
  );
}
