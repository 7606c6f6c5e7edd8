/**
 * A site whose surveys ask for neither one response per person nor the bot
 * check carries none of that code: its production build loads
 * src/once/site-once.ts as `ONCE_FEATURES = false`, a constant the bundler
 * inlines, so the branch that would mount src/once/ folds away, and
 * src/once/once-gate.tsx as a stub.
 *
 * Only in `vite build`: the dev server keeps it true, so a survey edited to
 * ask for either works without a restart.
 */
import { usesOnceOrBotCheck } from "../src/core/once.ts";
import type { SurveyConfig } from "../src/generated/survey-config.ts";
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

/**
 * The gate the survey page mounts: stubbed too, because a module the page
 * imports statically stays in its chunk even when the flag makes its use
 * dead, and would carry with it the names the submit chunk shares with it.
 */
const GATE_STUB = "export const OnceGate = () => null;\nexport const usesOnceOrBotCheck = () => false;\n";

/** Whether any survey file of `dir` asks for a once policy or the bot check. */
export function asksOnceOrBotCheck(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => file.data !== undefined && usesOnceOrBotCheck(file.data as SurveyConfig));
}

export const siteOncePlugin = (options?: { dir?: string }) => siteFlagPlugin({ name: "site-once", module: "once/site-once.ts", constant: "ONCE_FEATURES", uses: asksOnceOrBotCheck, stubs: { "once/once-gate.tsx": GATE_STUB } }, options);
