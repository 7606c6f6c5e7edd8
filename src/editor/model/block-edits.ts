/**
 * Shuffled blocks (questionBlocks, src/core/shown-order.ts) edited one
 * question at a time: a block is a run of consecutive questions, each after
 * the first "drawn with the previous one". Turning that on joins the
 * question to the previous question's block (or makes a block of the two,
 * taking along the block the question starts); turning it off splits the
 * block there, and a part left with one question is no block. Pure
 * functions of the file's text, through file-edits.ts.
 */
import type { QuestionBlock, SurveyConfig } from "../../generated/survey-config.ts";
import { parseFile, setAt } from "./file-edits.ts";

const blocksOf = (config: SurveyConfig): QuestionBlock[] => config.questionBlocks ?? [];
const blockWith = (blocks: readonly QuestionBlock[], id: string | undefined) => blocks.findIndex((block) => id !== undefined && block.questions.includes(id));

/** Whether question `index` is drawn in one shuffled block with the question before it. */
export function drawnWithPrevious(config: SurveyConfig, index: number): boolean {
  const previous = config.questions[index - 1]?.id;
  const block = blocksOf(config)[blockWith(blocksOf(config), config.questions[index]?.id)];
  return block !== undefined && block.shuffleQuestions && previous !== undefined && block.questions.includes(previous);
}

/** The text with the blocks replaced, those of fewer than two questions left out, and the key gone with the last one. */
function withBlocks(text: string, blocks: QuestionBlock[]): string {
  const kept = blocks.filter((block) => block.questions.length >= 2);
  return setAt(text, ["questionBlocks"], kept.length ? kept : undefined);
}

export function drawWithPrevious(text: string, index: number, on: boolean): string {
  const config = parseFile(text) as SurveyConfig;
  const blocks = blocksOf(config).map((block) => ({ ...block, questions: [...block.questions] }));
  const id = config.questions[index]!.id;
  const previous = config.questions[index - 1]?.id;
  const own = blockWith(blocks, id);
  if (!on) {
    if (own < 0) return text;
    const questions = blocks[own]!.questions;
    const at = questions.indexOf(id);
    blocks.splice(own, 1, { questions: questions.slice(0, at), shuffleQuestions: true }, { questions: questions.slice(at), shuffleQuestions: true });
    return withBlocks(text, blocks);
  }
  if (previous === undefined || drawnWithPrevious(config, index)) return text;
  const before = blockWith(blocks, previous);
  const moving = own >= 0 ? blocks[own]!.questions : [id];
  if (before >= 0) blocks[before] = { questions: [...blocks[before]!.questions, ...moving], shuffleQuestions: true };
  else blocks.push({ questions: [previous, ...moving], shuffleQuestions: true });
  return withBlocks(text, own >= 0 ? blocks.filter((_, at) => at !== own) : blocks);
}
