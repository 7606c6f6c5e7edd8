/**
 * Quotas (a survey's `quotas`): at most `max` stored responses whose answers
 * meet `when`, a condition in the showIf language. Only the database can
 * count them without overshooting (scripts/sql/quota-sql.ts takes a place
 * in the insert's own transaction); it refuses a response that meets a full
 * quota with QUOTA_ERROR_CODE and the quota's id as the error's detail, and
 * the page then leads the respondent to that quota's screen-out page.
 *
 * A quota with hideOption whose `when` is one equals test on a radio or
 * select question names one option: once full, the next respondents are no
 * longer offered it (validate refuses hideOption on any other condition).
 */
import type { Condition, Question, Quota, SurveyConfig } from "../generated/survey-config.ts";

/** The database's refusal of a response that meets a full quota (class "SV", beside the campaign's SV001–SV003). */
export const QUOTA_ERROR_CODE = "SV031";

/** The public function that names the full quotas whose option the page hides (as receiptFunctionName, the table's name and a suffix). */
export const fullQuotasFunctionName = (table: string): string => `${table}_full_quotas`;

export const usesQuotas = (config: Pick<SurveyConfig, "quotas">): boolean => (config.quotas?.length ?? 0) > 0;

/** The screen-out page's address: its own path, else the survey's thank-you page's followed by "/<id>". */
export const screenOutPath = (quota: Pick<Quota, "id" | "screenOut">, surveyThankYouPath: string): string =>
  quota.screenOut.path ?? `${surveyThankYouPath.replace(/\/$/, "")}/${quota.id}`;

/** The question and option a quota names, when its condition is one equals test on a text answer (what hideOption hides). */
export function quotaOption(when: Condition): { question: string; option: string } | undefined {
  const keys = Object.keys(when).filter((key) => key !== "question");
  if (keys.length !== 1 || keys[0] !== "equals" || typeof when.equals !== "string" || !when.question) return undefined;
  return { question: when.question, option: when.equals };
}

/** The options of `questionId` the full quotas (those with hideOption) take away, by the ids of the full quotas. */
export function hiddenOptions(config: Pick<SurveyConfig, "quotas">, questionId: string, fullQuotas: ReadonlySet<string>): Set<string> {
  const hidden = new Set<string>();
  for (const quota of config.quotas ?? []) {
    const named = quota.hideOption && fullQuotas.has(quota.id) ? quotaOption(quota.when) : undefined;
    if (named?.question === questionId) hidden.add(named.option);
  }
  return hidden;
}

/** Whether the page asks which quotas are full: only a survey with a quota that hides its option. */
export const hidesOptions = (config: Pick<SurveyConfig, "quotas">): boolean => config.quotas?.some((quota) => quota.hideOption) ?? false;

const valueOf = (option: unknown): unknown => (typeof option === "object" && option !== null && "value" in option ? option.value : option);

/** The questions with the options of the full quotas taken away (the others unchanged, the same objects). */
export function withoutFullOptions<Q extends Question>(config: Pick<SurveyConfig, "quotas">, questions: readonly Q[], fullQuotas: ReadonlySet<string>): Q[] {
  return questions.map((question) => {
    const hidden = hiddenOptions(config, question.id, fullQuotas);
    if (!hidden.size || !("options" in question) || !Array.isArray(question.options)) return question;
    return { ...question, options: (question.options as unknown[]).filter((option) => !hidden.has(valueOf(option) as string)) };
  });
}
