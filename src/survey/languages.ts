/**
 * The parts only a survey in several languages shows (language-parts.tsx),
 * loaded with such a survey's config before its page renders (src/app.tsx),
 * so that they are there to hydrate and a survey in one language never
 * downloads them.
 */
type LanguageParts = typeof import("./language-parts.tsx");

let parts: LanguageParts | undefined;

export async function preloadLanguageParts(): Promise<void> {
  parts ??= await import("./language-parts.tsx");
}

/** The parts for a survey in several languages, once loaded; nothing for one in one language. */
export const languagePartsFor = (config: { languageNames?: unknown }): LanguageParts | undefined => (config.languageNames ? parts : undefined);
