/** Shuffled blocks edited from the questions' cards: "drawn with the previous question" joins, merges and splits runs of consecutive questions. */
import { describe, expect, test } from "vitest";
import { drawnWithPrevious, drawWithPrevious } from "../../src/editor/model/block-edits.ts";
import { surveyOf } from "../../src/editor/model/survey-edits.ts";

const fileWith = (blocks?: string[][]) => `{
  "id": "poll",${blocks ? `\n  "questionBlocks": [${blocks.map((ids) => `{ "questions": ${JSON.stringify(ids)}, "shuffleQuestions": true }`).join(", ")}],` : ""}
  "questions": [${["a", "b", "c", "d", "e"].map((id) => `{ "id": "${id}", "type": "text", "title": "${id}" }`).join(", ")}]
}`;
const blocksAfter = (text: string, index: number, on: boolean) => surveyOf(drawWithPrevious(text, index, on)).questionBlocks?.map((block) => block.questions);

describe("drawWithPrevious", () => {
  test("on: a block of the question and the one before it", () => {
    expect(blocksAfter(fileWith(), 2, true)).toEqual([["b", "c"]]);
  });

  test("on: joins the previous question's block, taking along the block the question starts", () => {
    expect(blocksAfter(fileWith([["b", "c"]]), 3, true)).toEqual([["b", "c", "d"]]);
    expect(blocksAfter(fileWith([["b", "c"], ["d", "e"]]), 3, true)).toEqual([["b", "c", "d", "e"]]);
  });

  test("off: splits the block there, a part of one question is no block, and the key goes with the last block", () => {
    expect(blocksAfter(fileWith([["b", "c", "d", "e"]]), 3, false)).toEqual([["b", "c"], ["d", "e"]]);
    expect(blocksAfter(fileWith([["b", "c", "d"]]), 3, false)).toEqual([["b", "c"]]);
    expect(blocksAfter(fileWith([["b", "c"]]), 2, false)).toBeUndefined();
  });

  test("reads back what it wrote, and leaves the text as it was when nothing changes", () => {
    const joined = drawWithPrevious(fileWith(), 2, true);
    expect(drawnWithPrevious(surveyOf(joined), 2)).toBe(true);
    expect(drawnWithPrevious(surveyOf(joined), 1)).toBe(false);
    expect(drawWithPrevious(joined, 2, true)).toBe(joined);
    expect(drawWithPrevious(fileWith(), 2, false)).toBe(fileWith());
  });
});
