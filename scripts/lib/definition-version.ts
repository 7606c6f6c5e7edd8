/**
 * A survey's definition version as the build serves it and codegen publishes
 * it (src/core/definition-version.ts says what it covers): SHA-256 of the
 * canonical JSON of the survey as the page receives it in its source
 * language, cut to 16 hex digits. Node only (node:crypto); the page never
 * computes it, it receives it. Also how the survey is shown in each of its
 * languages, which the consent versions are computed from.
 */
import { createHash } from "node:crypto";
import { dirname } from "node:path";
import { canonicalJson } from "../../src/core/definition-version.ts";
import { resolveSurvey, type ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import { languagesOf, translateSurvey } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { ParsedSurvey } from "./cross-survey-checks.ts";
import { readTranslation, translationPath } from "./translation-checks.ts";

/** The survey in `language` as the page shows it: its translation file laid over it (a missing or broken one: the source texts), then resolved. */
export function shownSurvey({ file, config }: ParsedSurvey, language: string): ResolvedSurvey {
  if (language === config.language) return resolveSurvey(config);
  const translation = readTranslation(translationPath(dirname(file), config.id, language));
  return resolveSurvey(translateSurvey(config, language, typeof translation === "string" ? undefined : translation));
}

/** The survey in each of its languages, its source first. */
export const shownSurveys = (survey: ParsedSurvey): ResolvedSurvey[] => languagesOf(survey.config).map((language) => shownSurvey(survey, language));

/** A config that already carries a version (a served one) hashes as its file does: the version is never part of what it names. */
export function definitionVersion(config: SurveyConfig & { version?: string }): string {
  const { version: _version, ...shown } = resolveSurvey(config);
  return createHash("sha256").update(canonicalJson(shown)).digest("hex").slice(0, 16);
}

