/** The preview's drafts (swapped in for src/data/draft-storage.ts by scripts/editor/preview-seams.ts): none are kept, so none is restored. */
export function readDraftText(_key: string): string | null {
  return null;
}

export function writeDraftText(_key: string, _text: string): void {}

export function removeDraftText(_key: string): void {}

export function removeStaleDrafts(_now: number): void {}
