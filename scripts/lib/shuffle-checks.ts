/**
 * Checks on random order (src/core/shown-order.ts) that the schema cannot
 * express. The choices behind them:
 * - The first question is never shuffled, nor its options: the page's HTML
 *   is prerendered once for every respondent and painted before any script
 *   runs; a drawn order would make the first screen jump on hydration.
 * - A shuffled block is refused when one of its questions reads another of
 *   the same block (showIf, or {answer:…} in its texts), rather than ordered
 *   within those constraints: a constrained draw no longer gives every
 *   question every place equally often, which is what shuffling is for, and
 *   a block that silently never shuffles would surprise its editor.
 * - A block is consecutive questions in the file's order, so that every
 *   question outside it keeps its place and "N de Total" keeps its meaning.
 * - An 'other' option moves with the shuffle unless anchored: its text box
 *   opens under the list, so it is refused unanchored.
 */
import type { Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { columnOf, optionValue } from "../../src/core/fields.ts";
import { questionsReadBy } from "../../src/core/conditions.ts";
import { recalledIds } from "../../src/core/interpolate.ts";
import { isAnchored, SHOWN_ORDER_ID, SHOWN_ORDER_COLUMN, shuffledEntries, shuffledListOf } from "../../src/core/shown-order.ts";

const FIRST_SCREEN = "the first question is in the page's HTML, the same for every respondent, and would jump once the page starts";

function optionErrors(question: Question, index: number): Located[] {
  const shuffled = shuffledListOf(question);
  if (!shuffled) return [];
  const pointer = `/questions/${index}`;
  const entries = shuffledEntries(question);
  const noun = shuffled.list === "rows" ? "rows" : "options";
  if (index === 0) return [{ pointer: `${pointer}/${shuffled.switch}`, message: `${FIRST_SCREEN}: remove ${shuffled.switch} here, or move the question after another one` }];
  const errors: Located[] = [];
  if (entries.filter((option) => !isAnchored(option)).length < 2) errors.push({ pointer: `${pointer}/${shuffled.switch}`, message: `fewer than two ${noun} are left to shuffle once the anchored ones keep their place: remove ${shuffled.switch} or an anchor` });
  const other = "other" in question ? question.other : undefined;
  const otherAt = other ? entries.findIndex((option) => optionValue(option) === other.option) : -1;
  if (otherAt >= 0 && !isAnchored(entries[otherAt]!)) {
    errors.push({ pointer: `${pointer}/options/${otherAt}`, message: `"${other!.option}" opens the 'other' text box under the list and would move with the shuffle: write it as {"value": "${other!.option}", "label": "${other!.option}", "anchored": true}` });
  }
  return errors;
}

/** Ids of the questions a question reads: its condition's and its texts' recalled answers. */
const readBy = (question: Question): string[] => [...(question.showIf ? questionsReadBy(question.showIf) : []), ...recalledIds(question)];

function blockErrors(config: SurveyConfig): Located[] {
  const errors: Located[] = [];
  const indexOf = new Map(config.questions.map((question, index) => [question.id, index]));
  const inBlock = new Map<string, number>();
  (config.questionBlocks ?? []).forEach((block, b) => {
    const pointer = `/questionBlocks/${b}`;
    const places = block.questions.map((id) => indexOf.get(id));
    const unknown = block.questions.findIndex((id) => !indexOf.has(id));
    if (unknown >= 0) return errors.push({ pointer: `${pointer}/questions/${unknown}`, message: `no question has the id "${block.questions[unknown]}"` });
    const taken = block.questions.findIndex((id) => inBlock.has(id));
    if (taken >= 0) return errors.push({ pointer: `${pointer}/questions/${taken}`, message: `"${block.questions[taken]}" is already in block ${inBlock.get(block.questions[taken]!)}: a question belongs to one block at most` });
    block.questions.forEach((id) => inBlock.set(id, b));
    if (places.some((place, at) => at > 0 && place !== places[at - 1]! + 1)) {
      return errors.push({ pointer: `${pointer}/questions`, message: `a block is questions that follow each other in "questions", listed in that order (here at ${places.map((place) => place! + 1).join(", ")}): move them together or list them in the file's order` });
    }
    if (!block.shuffleQuestions) return;
    if (places[0] === 0) return errors.push({ pointer: `${pointer}/questions/0`, message: `${FIRST_SCREEN}: start the block at the second question or later` });
    const own = new Set(block.questions);
    for (const id of block.questions) {
      const read = readBy(config.questions[indexOf.get(id)!]!).find((other) => own.has(other));
      if (read) errors.push({ pointer: `${pointer}/questions/${block.questions.indexOf(id)}`, message: `"${id}" reads the answer to "${read}" (showIf or {answer:…}), which is in the same shuffled block and could come after it: take one of them out of the block` });
    }
  });
  return errors;
}

export function shuffleErrors(config: SurveyConfig): Located[] {
  const errors = [...config.questions.flatMap(optionErrors), ...blockErrors(config)];
  const taken = config.questions.findIndex((question) => columnOf(question) === SHOWN_ORDER_COLUMN || question.id === SHOWN_ORDER_ID);
  if (taken >= 0) errors.push({ pointer: `/questions/${taken}`, message: `the column "${SHOWN_ORDER_COLUMN}" holds the order shown to each respondent: give this question another id or column` });
  return errors;
}
