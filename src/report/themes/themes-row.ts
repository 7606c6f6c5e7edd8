/**
 * What the database needs to theme a survey's free texts, from its file:
 * the text search dictionary of each language the answers may be written
 * in (the survey's own, and each of its `languages`), its protected terms,
 * and which fields hold free text: the text questions (a typed answer read
 * as text: email and phone are contacts, never themed) and every 'other'
 * or extra text of a choice, with the question and the option it belongs
 * to, so that "other" answers can be coded into its options. Kept in
 * team.surveys.themes by the survey's row (scripts/sql/team-survey-sql.ts).
 */
import { columnOf, companionOf, kindOf } from "../../core/fields.ts";
import { isPersonal } from "../../core/personal.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { toolsOf } from "../../question-types/registry.ts";

/** PostgreSQL's Snowball stemmers by base language; any other language is split into words but not stemmed ("simple"). */
const STEMMERS: Record<string, string> = {
  es: "spanish_stem", pt: "portuguese_stem", en: "english_stem", fr: "french_stem", it: "italian_stem", de: "german_stem",
};

/** The dictionary that stems a language's words (a BCP 47 tag: "es-AR" stems as "es"). */
export const stemmerOf = (language: string): string => STEMMERS[language.toLowerCase().split("-")[0]!] ?? "simple";

export interface ThemedText {
  column: string;
  personal: boolean;
  /** The question an 'other' or extra text belongs to (its own id for a text question). */
  question: string;
  /** "text": a free-text question; "one": the other text of a single choice; "many": the extra text of a multiple choice. */
  kind: "text" | "one" | "many";
  /** For "one" and "many": the question's column and the option that reveals the text (none for an extra text). Not its options: a new option must not rewrite the survey's row. */
  choiceColumn?: string;
  otherOption?: string | null;
}

export interface ThemesRow {
  dictionary: string;
  /** Dictionary by a response's language, for a survey in several. */
  dictionaries: Record<string, string>;
  protected: string[];
  texts: Record<string, ThemedText>;
}

export function themesRow(config: SurveyConfig): ThemesRow {
  const texts: Record<string, ThemedText> = {};
  for (const question of config.questions) {
    const personal = isPersonal(question);
    if (toolsOf(question).report.numbers === "text" && kindOf(question) === "text") {
      texts[question.id] = { column: columnOf(question), personal, question: question.id, kind: "text" };
    }
    const companion = companionOf(question);
    if (companion) {
      const many = kindOf(question) === "list";
      texts[companion.field.id] = {
        column: columnOf(companion.field), personal, question: question.id, kind: many ? "many" : "one",
        choiceColumn: columnOf(question), otherOption: companion.revealedBy ?? null,
      };
    }
  }
  const languages = [config.language, ...(config.languages ?? [])];
  return {
    dictionary: stemmerOf(config.language),
    dictionaries: Object.fromEntries(languages.map((language) => [language, stemmerOf(language)])),
    protected: config.protectedTerms ?? [],
    texts,
  };
}
