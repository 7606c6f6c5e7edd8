import { useEffect } from "react";

/**
 * Keeps <html lang> on the shown page's language when the app moves between
 * pages in different languages (a survey in Spanish, its thank-you page in
 * Portuguese). The prerendered HTML already carries it for the first page.
 */
export function useDocumentLanguage(language: string): void {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
