/**
 * The newest `limit` texts of a stream that arrives in any order, plus how
 * many others there were: the report lists those, the CSV has them all.
 */
import type { TextList } from "../../../src/report/question-numbers.ts";

export function newestTexts(limit: number) {
  const kept: { text: string; at: string }[] = [];
  let total = 0;
  return {
    add(text: string, at: string) {
      total += 1;
      if (kept.length === limit && at <= kept[kept.length - 1]!.at) return;
      const index = kept.findIndex((entry) => entry.at < at);
      kept.splice(index === -1 ? kept.length : index, 0, { text, at });
      if (kept.length > limit) kept.pop();
    },
    result: (): TextList => ({ newest: [...kept], rest: total - kept.length }),
  };
}
