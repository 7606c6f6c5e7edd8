/**
 * What the translations panel needs to know of a restored version: its
 * translation files not yet saved (by language; the panel shows those
 * instead of the files on disk), and how many saves the editor has made, so
 * that it reads the disk again after each (its source texts or translation
 * files may have changed).
 */
import { createContext } from "react";
import type { TranslationFiles } from "./api.ts";

export interface RestoredTranslations {
  unsaved: TranslationFiles;
  saves: number;
}

export const RestoredTranslationsContext = createContext<RestoredTranslations>({ unsaved: {}, saves: 0 });
