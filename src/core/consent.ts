/**
 * The version of a survey's consent step: a hash of its texts exactly as the
 * respondent read them (one language, {professionalName} filled in). Each
 * response stores it, so that the team can prove which text a respondent
 * agreed to (LGPD art. 8 §2); the database accepts only versions the survey
 * has had (scripts/sql/consent-sql.ts). Any change of a text, the notice's
 * address included, makes a new version.
 */
import type { Consent } from "../generated/survey-config.ts";
import { fingerprintOf } from "./translations.ts";

export const consentVersion = (consent: Consent): string =>
  fingerprintOf(JSON.stringify([consent.heading ?? "", consent.text, consent.noticeLabel, consent.noticeUrl, consent.checkboxLabel, consent.buttonLabel]));
