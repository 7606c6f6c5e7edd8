/**
 * Modules swapped in every browser build (the app's and the editor's) for
 * ones that work under a Content-Security-Policy without 'unsafe-inline'.
 */
import { fileURLToPath } from "node:url";

export const CSP_SAFE_ALIASES: Record<string, string> = {
  "react-style-singleton": fileURLToPath(new URL("../../src/ui/style-singleton.ts", import.meta.url)),
};
