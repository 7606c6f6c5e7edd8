/**
 * A small seeded generator (mulberry32) for drawing a respondent's order:
 * the same seed always gives the same draw, so a test can replay 10,000
 * starts and a bug report can name its seed. Not for secrets; the seed
 * itself comes from the browser's crypto, so respondents' draws are independent.
 */

/** Numbers in [0, 1), from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh 32-bit seed. */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** The items in a uniformly random order (Fisher–Yates), a new array. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
