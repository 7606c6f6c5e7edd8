/**
 * The survey's quotas: each with its name, how many responses it takes, the
 * answers it counts (the same condition builder as an ending's, reading
 * every question), whether a full quota's option is hidden from the next
 * respondents, and the page of those it turns away. A new quota counts the
 * first option of the first single-choice question, so the file stays valid;
 * its page starts with a text in the survey's language that says plainly
 * the answers were not stored.
 */
import { useId } from "react";
import { optionValue } from "../core/fields.ts";
import type { Option, Quota } from "../generated/survey-config.ts";
import { picksOneOption } from "../quotas/picks-one-option.ts";
import { ConditionFields } from "./condition-builder.tsx";
import { problemsAt, useEditing } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { NumberField } from "./fields/number-field.tsx";
import { SwitchField } from "./fields/switch-field.tsx";
import { TextField } from "./fields/text-field.tsx";
import { insertAt, setAt } from "./model/file-edits.ts";
import { useWords } from "./words/use-words.ts";

/** A new quota's page, in the survey's language (its base language's, else English): the respondent reads it, not the editor. */
const STARTER_PAGES: Record<string, Quota["screenOut"]> = {
  es: { heading: "¡Gracias por tu interés!", text: "Ya tenemos todas las respuestas que necesitábamos de personas con tu perfil; esta vez tus respuestas no se guardaron." },
  pt: { heading: "Obrigado pelo interesse!", text: "Já temos todas as respostas de que precisávamos de pessoas com o seu perfil; desta vez as suas respostas não foram guardadas." },
  en: { heading: "Thank you for your interest!", text: "We already have all the answers we needed from people like you; this time your answers were not stored." },
};
const starterPage = (language: string) => STARTER_PAGES[language.split("-")[0]!] ?? STARTER_PAGES.en!;

export function QuotasEditor() {
  const { currentText, survey, change, problems } = useEditing();
  const words = useWords();
  const id = useId();
  const quotas = survey.quotas ?? [];
  const choice = survey.questions.find((question) => picksOneOption(question) && "options" in question && question.options.length > 0);
  const starter = (n: number): Quota => ({
    id: `cota-${n}`,
    when: choice && "options" in choice ? { question: choice.id, equals: optionValue((choice.options as Option[])[0]!) } : { question: survey.questions.at(-1)!.id, is: "answered" },
    max: 100,
    screenOut: starterPage(survey.language),
  });
  const add = () => change(quotas.length ? insertAt(currentText(), ["quotas", quotas.length], starter(quotas.length + 1)) : setAt(currentText(), ["quotas"], [starter(1)]));
  return (
    <details className="survey-texts" open={quotas.length > 0}>
      <summary>{words.quotasSection}</summary>
      <p className="hint">{words.quotasHint}</p>
      <ol className="quotas">
        {quotas.map((quota, index) => (
          <li key={index}>
            <TextField path={["quotas", index, "id"]} label={words.quotaId} />
            <NumberField path={["quotas", index, "max"]} label={words.quotaMax} />
            <ConditionFields path={["quotas", index, "when"]} condition={quota.when} readable={survey.questions} legend={words.quotaConditionLegend(quota.id)} whenLabel={words.quotaCounts} hint={words.selectHint} />
            <SwitchField path={["quotas", index, "hideOption"]} label={words.quotaHideOption} leftOutWhenOff />
            <TextField path={["quotas", index, "screenOut", "heading"]} label={words.quotaScreenOutHeading} />
            <TextField path={["quotas", index, "screenOut", "text"]} label={words.quotaScreenOutText} multiline />
            {/* The last one removes the key: the file has quotas, or none, never an empty list. */}
            <button type="button" onClick={() => change(setAt(currentText(), quotas.length === 1 ? ["quotas"] : ["quotas", index], undefined))}>{words.removeQuota(quota.id)}</button>
            <FieldProblems id={`${id}-${index}`} messages={problemsAt(problems, `/quotas/${index}`)} />
          </li>
        ))}
      </ol>
      <button type="button" onClick={add} disabled={survey.questions.length === 0}>{words.addQuota}</button>
    </details>
  );
}
