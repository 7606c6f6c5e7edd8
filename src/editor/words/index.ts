/**
 * The editor's words in each language it speaks; pt-BR, the content team's
 * language, unless `npm run edit -- --language` chose another. The page
 * carries the choice (like its token), so the server and the page agree.
 * Pure, so the server's commit messages read the same words.
 */
import { en } from "./en.ts";
import { es } from "./es.ts";
import { ptBR, type EditorWords } from "./pt-br.ts";

export type { EditorWords };
export const EDITOR_LANGUAGES = { "pt-BR": ptBR, es, en } as const satisfies Record<string, EditorWords>;
export type EditorLanguage = keyof typeof EDITOR_LANGUAGES;
export const DEFAULT_EDITOR_LANGUAGE: EditorLanguage = "pt-BR";

export const isEditorLanguage = (name: string): name is EditorLanguage => Object.hasOwn(EDITOR_LANGUAGES, name);
