/**
 * The translation files that go with the editor's text: those a restored
 * version brought (kept per undo step by use-edit-history.ts), against the
 * files as this editor last knew them on disk (read with the version, or
 * written by a save). Those that differ are unsaved; a save sends them, each
 * over its base, so the server refuses them over a file changed meanwhile.
 */
import { useCallback, useMemo, useState } from "react";
import type { TranslationFiles, TranslationWrites } from "./api.ts";
import type { RestoredTranslations } from "./restored-translations.ts";

export function useTranslationFiles(stepFiles: TranslationFiles | undefined) {
  const [disk, setDisk] = useState<TranslationFiles>({});
  const [saves, setSaves] = useState(0);
  const unsaved = useMemo(() => Object.fromEntries(Object.entries(stepFiles ?? {}).filter(([language, file]) => file !== disk[language])), [stepFiles, disk]);
  const panel: RestoredTranslations = useMemo(() => ({ unsaved, saves }), [unsaved, saves]);
  /** What a save sends with the survey file: each unsaved file over its base; undefined when none is. */
  const writes = (): TranslationWrites | undefined =>
    Object.keys(unsaved).length ? Object.fromEntries(Object.entries(unsaved).map(([language, text]) => [language, { base: disk[language] ?? null, text }])) : undefined;
  /** After a save (which sent `sent`): those files are on disk now, and the panel reads the disk again. */
  const saved = useCallback((sent: TranslationWrites | undefined) => {
    if (sent) setDisk((known) => ({ ...known, ...Object.fromEntries(Object.entries(sent).map(([language, { text }]) => [language, text])) }));
    setSaves((count) => count + 1);
  }, []);
  /** The files on disk as a restored version's answer found them. */
  const read = useCallback((files: TranslationFiles) => setDisk((known) => ({ ...known, ...files })), []);
  return { unsaved: Object.keys(unsaved).length > 0, panel, writes, saved, read };
}
