/** The site's language: ?lang= (pt-BR, es, en), else Portuguese, the team's language. */
import { en } from "./en.ts";
import { es } from "./es.ts";
import { ptBR, type ResultsWords } from "./pt-br.ts";

export type { ResultsWords };
export const SITE_WORDS: Record<string, ResultsWords> = { "pt-BR": ptBR, es, en };
export const DEFAULT_LANGUAGE = "pt-BR";

export function siteLanguage(search: string): string {
  const asked = new URLSearchParams(search).get("lang");
  return asked && asked in SITE_WORDS ? asked : DEFAULT_LANGUAGE;
}
