/**
 * The versions of a survey's consent text now, one per language it is shown
 * in: each language's texts (the source, or its translation file laid over
 * it) resolved as the page shows them, hashed as the page hashes them
 * (src/core/consent.ts). The database accepts these and every earlier one.
 */
import { dirname } from "node:path";
import { consentVersion } from "../../src/core/consent.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { languagesOf, translateSurvey } from "../../src/core/translations.ts";
import type { ParsedSurvey } from "../lib/cross-survey-checks.ts";
import { readTranslation, translationPath } from "../lib/translation-checks.ts";

export function consentVersions({ file, config }: ParsedSurvey): string[] {
  if (!config.consent) return [];
  const versions = languagesOf(config).map((language) => {
    const translation = language === config.language ? undefined : readTranslation(translationPath(dirname(file), config.id, language));
    const shown = resolveSurvey(translateSurvey(config, language, typeof translation === "string" ? undefined : translation));
    return consentVersion(shown.consent!);
  });
  return [...new Set(versions)];
}
