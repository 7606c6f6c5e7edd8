/**
 * The opt-in features a survey file can turn on, and which of them may be
 * used together. Every pair is either refused here, with the reason `npm run
 * validate` gives, or built and tested together by
 * tests/sql/feature-pairs.test.ts, which generates a survey per pair from
 * this same list: a new feature added here is in the matrix at once, and
 * one left out of the test's scenarios fails its typecheck.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { oncePolicy } from "../../src/core/once.ts";
import { usesPartialResponses } from "../../src/core/partial-response.ts";
import { usesReceipts } from "../../src/core/receipt.ts";
import { usesQuotas } from "../../src/core/quotas.ts";
import { usesShuffle } from "../../src/core/shown-order.ts";
import { usesArms } from "../../src/core/arms.ts";

/** Each feature: where the file turns it on, and whether this survey does. */
export const OPT_IN_FEATURES = {
  partialResponses: { pointer: "/partialResponses", uses: usesPartialResponses },
  receipt: { pointer: "/receipt", uses: usesReceipts },
  oncePerBrowser: { pointer: "/oncePer", uses: (config: SurveyConfig) => oncePolicy(config) === "browser" },
  oncePerLink: { pointer: "/oncePer", uses: (config: SurveyConfig) => oncePolicy(config) === "link" },
  oncePerField: { pointer: "/oncePer", uses: (config: SurveyConfig) => oncePolicy(config) === "field" },
  consent: { pointer: "/consent", uses: (config: SurveyConfig) => config.consent !== undefined },
  botCheck: { pointer: "/botCheck", uses: (config: SurveyConfig) => config.botCheck === true },
  notifications: { pointer: "/notifications", uses: (config: SurveyConfig) => config.notifications !== undefined },
  severalLanguages: { pointer: "/languages", uses: (config: SurveyConfig) => (config.languages?.length ?? 0) > 1 },
  campaignLimit: { pointer: "/maxResponses", uses: (config: SurveyConfig) => config.maxResponses !== undefined },
  quotas: { pointer: "/quotas", uses: usesQuotas },
  shuffle: { pointer: "/questionBlocks", uses: usesShuffle },
  arms: { pointer: "/arms", uses: usesArms },
} as const;

export type OptInFeature = keyof typeof OPT_IN_FEATURES;

/** Features that are values of one setting: a file cannot turn on two of them, so the pair needs no rule. */
export const ONE_SETTING: readonly (readonly OptInFeature[])[] = [["oncePerBrowser", "oncePerLink", "oncePerField"]];

/**
 * The refused pairs. A partial response's row is inserted by its first
 * step's save, through a function that carries only the survey's answers:
 * no browser key, personal link or bot-check solution reaches the database,
 * whose gates would refuse every save.
 */
const UNSENT_WITH_PARTIAL = (what: string, feature: string) =>
  `partial responses save the row from the first step through a function that does not carry ${what}, so the database would refuse every save; remove "partialResponses" or ${feature}`;

export const REFUSED_PAIRS: readonly { pair: readonly [OptInFeature, OptInFeature]; why: string }[] = [
  { pair: ["partialResponses", "oncePerBrowser"], why: UNSENT_WITH_PARTIAL("the browser key", 'oncePer "browser"') },
  { pair: ["partialResponses", "oncePerLink"], why: UNSENT_WITH_PARTIAL("the personal link", 'oncePer "link"') },
  { pair: ["partialResponses", "botCheck"], why: UNSENT_WITH_PARTIAL("the bot-check solution", '"botCheck"') },
];

const samePair = (a: readonly OptInFeature[], b: readonly OptInFeature[]) => a.length === 2 && b.length === 2 && a.every((feature) => b.includes(feature));

/** Every pair of distinct features, each once, in the list's order. */
export function featurePairs(): [OptInFeature, OptInFeature][] {
  const features = Object.keys(OPT_IN_FEATURES) as OptInFeature[];
  return features.flatMap((first, index) => features.slice(index + 1).map((second): [OptInFeature, OptInFeature] => [first, second]));
}

/** How the matrix treats a pair: refused (with why), one setting, or built together. */
export function pairRule(pair: readonly [OptInFeature, OptInFeature]): { refused: string } | { oneSetting: true } | { together: true } {
  const refused = REFUSED_PAIRS.find((rule) => samePair(rule.pair, pair));
  if (refused) return { refused: refused.why };
  if (ONE_SETTING.some((setting) => pair.every((feature) => setting.includes(feature)))) return { oneSetting: true };
  return { together: true };
}

/** The refused pairs this survey uses, said at the second feature's setting. */
export function featurePairErrors(config: SurveyConfig): Located[] {
  return REFUSED_PAIRS.filter(({ pair }) => pair.every((feature) => OPT_IN_FEATURES[feature].uses(config))).map(({ pair, why }) => ({ pointer: OPT_IN_FEATURES[pair[1]].pointer, message: why }));
}
