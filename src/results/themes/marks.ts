/**
 * Keyword in context: an answer cut into the parts to mark and the rest,
 * for the words the database says make a term (results_theme_answers).
 * A word is found whole (not inside a longer word), in any case and with
 * or without its accents, as the database folded it; a protected phrase's
 * words may be apart by spaces or hyphens. Pure.
 */
export interface TextPart { text: string; marked: boolean }

const CLASSES: Record<string, string> = { a: "[aáàâãä]", e: "[eéèêë]", i: "[iíìîï]", o: "[oóòôõö]", u: "[uúùûü]", c: "[cç]", n: "[nñ]" };

const fold = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word as a pattern: each letter with its accented forms, the spaces between a phrase's words any run of spaces or hyphens. */
const patternOf = (word: string) => [...fold(word).trim()].map((char) => (/[\s-]/.test(char) ? "[\\s-]+" : CLASSES[char] ?? escape(char))).join("").replace(/(\[\\s-\]\+)+/g, "[\\s-]+");

export function markedParts(text: string, words: string[]): TextPart[] {
  const patterns = words.filter((word) => word.trim() !== "").map(patternOf).sort((a, b) => b.length - a.length);
  if (patterns.length === 0) return [{ text, marked: false }];
  const found = new RegExp(`(?<![\\p{L}\\p{N}])(?:${patterns.join("|")})(?![\\p{L}\\p{N}])`, "giu");
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(found)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), marked: false });
    parts.push({ text: match[0], marked: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** The part of a long answer around its first marked word: about `around` characters each side, cut at spaces, with an ellipsis where cut. */
export function inContext(parts: TextPart[], around = 80): TextPart[] {
  const total = parts.reduce((n, part) => n + part.text.length, 0);
  if (total <= around * 2 + 20) return parts;
  const first = parts.findIndex((part) => part.marked);
  if (first < 0) return parts;
  const before = parts.slice(0, first).map((part) => part.text).join("");
  const after = parts.slice(first + 1);
  const head = before.length > around ? `…${before.slice(before.length - around).replace(/^\S*\s/, "")}` : before;
  let room = around;
  const tail: TextPart[] = [];
  for (const part of after) {
    if (room <= 0) break;
    const cut = part.text.length > room && !part.marked;
    tail.push(cut ? { text: `${part.text.slice(0, room).replace(/\s\S*$/, "")}…`, marked: false } : part);
    room -= part.text.length;
  }
  return [...(head ? [{ text: head, marked: false }] : []), parts[first]!, ...tail];
}
