/** The languages the report's sections speak (the results site's too), and how a section's words are picked for a language tag. */
export type SectionLanguage = "pt-BR" | "es" | "en";

/** `language`'s words: its own, else its base language's (es-MX → es, en-GB → en), else Portuguese, the team's language. */
export function wordsFor<W>(words: Record<SectionLanguage, W>, language: string): W {
  if (Object.hasOwn(words, language)) return words[language as SectionLanguage];
  return language.startsWith("es") ? words.es : language.startsWith("en") ? words.en : words["pt-BR"];
}
