/**
 * A survey's data page (`receipt`, src/core/receipt.ts) must not take an
 * address another page of the site has: a survey's route, a thank-you page,
 * a conditional ending's page, or another survey's data page.
 */
import { receiptPagePath, usesReceipts } from "../../src/core/receipt.ts";
import type { ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyError } from "../../src/core/checks/located.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

interface Checked {
  file: string;
  config: SurveyConfig;
  resolved: ResolvedSurvey;
}

const pagesOf = ({ resolved }: Checked) => [resolved.route, resolved.thankYou.path, ...resolved.endings.map((ending) => ending.thankYou.path)];

export function receiptPathErrors(surveys: readonly Checked[]): SurveyError[] {
  const taken = new Set(surveys.flatMap(pagesOf));
  const dataPages = new Map<string, string>();
  return surveys.flatMap(({ file, config }) => {
    if (!usesReceipts(config)) return [];
    const path = receiptPagePath(config);
    const owner = dataPages.get(path);
    dataPages.set(path, owner ?? file);
    if (!taken.has(path) && !owner) return [];
    return [{ file, pointer: config.receipt?.path ? "/receipt/path" : "/receipt", message: `the data page "${path}" is already a page of this site${owner ? ` (${owner})` : ""}; set "receipt": { "path": … } to another name` }];
  });
}
