/** The preview's pages leave the editor's <html lang> alone (swapped in for src/pages/use-document-language.ts); the frame carries the survey's language. */
export function useDocumentLanguage(_language: string): void {}
