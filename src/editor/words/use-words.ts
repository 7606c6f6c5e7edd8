/** The editor's words for the language its page was served in (index.html's editor-language meta). */
import { createContext, use } from "react";
import { DEFAULT_EDITOR_LANGUAGE, EDITOR_LANGUAGES, isEditorLanguage, type EditorWords } from "./index.ts";

export function pageWords(): EditorWords {
  const chosen = document.querySelector<HTMLMetaElement>('meta[name="editor-language"]')?.content ?? "";
  return EDITOR_LANGUAGES[isEditorLanguage(chosen) ? chosen : DEFAULT_EDITOR_LANGUAGE];
}

export const WordsContext = createContext<EditorWords>(EDITOR_LANGUAGES[DEFAULT_EDITOR_LANGUAGE]);
export const useWords = () => use(WordsContext);
