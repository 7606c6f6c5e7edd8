/**
 * The shape of a language preset: every built-in text a respondent can meet.
 * The keys come from the survey schema through codegen (Messages and
 * the two page types), so a key added to the schema makes every preset fail
 * to compile until it is worded there too.
 */
import type { Messages, NotFoundPage, ThankYouPage } from "../generated/survey-config.ts";

/** The texts of the thank-you and 404 pages that have a default. */
type PageTextKey = "pageTitle" | "heading" | "text" | "buttonLabel";

export interface Preset {
  messages: Required<Messages>;
  thankYou: Required<Pick<ThankYouPage, PageTextKey>>;
  notFound: Required<Pick<NotFoundPage, PageTextKey>>;
}
