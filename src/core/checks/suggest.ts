/**
 * "Did you mean" hints for editors' typos: the closest allowed word by edit
 * distance, offered only when it is close enough to be the likely intent.
 */

/** Edits (insert, delete, replace, swap of neighbours) that turn a into b: "emial" → "email" is 1. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The allowed word nearest to `word`, if at most a third of its letters differ. */
function closest(word: string, allowed: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: { word: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word;
}

/** `; did you mean "placeholder"?` or nothing. */
export function didYouMean(word: string, allowed: readonly string[], quote = (s: string) => `"${s}"`): string {
  const match = closest(word, allowed);
  return match === undefined ? "" : `; did you mean ${quote(match)}?`;
}

export const quoted = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(", ");
