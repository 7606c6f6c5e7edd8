/**
 * A partial row read back through the "continue later" link, turned into
 * the answers the page holds: each stored column goes back into its field in
 * the form's shape (a slider's number into its one-element list; a null into
 * the empty answer), then through fitDraft, the same "restore only what
 * still fits" a local draft goes through, so a row saved under an older
 * version of the survey file restores what still fits and lands on the
 * question reached, or on the first required one left unanswered.
 */
import { definitionOf } from "../question-types/definition-of.ts";
import type { AnswerValue } from "./answers.ts";
import type { Draft } from "./draft.ts";
import { fitDraft, isVisitId, type RestoredDraft } from "./draft-fit.ts";
import { answerFields, DEFINITION_VERSION, VISIT_ID } from "./fields.ts";
import { keptVersion } from "./definition-version.ts";
import { PARTIAL_COLUMNS } from "./partial-response.ts";
import type { ResolvedSurvey } from "./resolve-survey.ts";
import { SITE_SHUFFLE } from "./site-shuffle.ts";
import { SITE_ARMS } from "./site-arms.ts";

export type StoredRow = Record<string, unknown>;

/**
 * For a survey that shuffles (src/core/shown-order.ts): the survey in the
 * order a row was shown in, and that order as the answers keep it. Given by
 * the page (draft-fit.ts's rowOrder), so that this chunk imports nothing of
 * random order on a site that shuffles nothing.
 */
export type RowOrder = (config: ResolvedSurvey, stored: unknown) => { survey: ResolvedSurvey; shownOrder: string } | undefined;

function formValue(field: ReturnType<typeof answerFields>[number], stored: unknown): unknown {
  const { question } = field;
  if (field.id !== question.id) return stored ?? "";
  const empty: AnswerValue = definitionOf(question).emptyAnswer(question);
  if (stored === null || stored === undefined) return empty;
  if (Array.isArray(empty) && typeof stored === "number") return [stored];
  if (typeof empty === "string" && typeof stored === "number") return String(stored);
  return stored;
}

/** What of the row goes back into today's survey (undefined when nothing does), and its times per question. */
export function resumeFromRow(config: ResolvedSurvey, row: StoredRow, rowOrder?: RowOrder): { restored: RestoredDraft | undefined; times: Record<string, number> } {
  const fields = answerFields(config);
  const answers = Object.fromEntries(fields.map((field) => [field.id, formValue(field, row[field.column])]));
  const types = Object.fromEntries(config.questions.map((question) => [question.id, question.type]));
  const lastStep = row[PARTIAL_COLUMNS.lastStep];
  const questionId = typeof lastStep === "string" ? lastStep : (config.questions[0]?.id ?? "");
  const index = Math.max(0, config.questions.findIndex((question) => question.id === questionId));
  const draft: Draft = { questionId, index, answers, types, responseId: String(row.id), savedAt: 0, extra: {} };
  const stored = row[PARTIAL_COLUMNS.questionMs];
  const times = stored && typeof stored === "object" ? Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === "number")) : {};
  // The row's own order: its last step is a place in that order, and the page goes on in it (the column's name written out, as in toRow).
  const ordered = SITE_SHUFFLE ? rowOrder?.(config, row["shown_order"]) : undefined;
  const fitted = fitDraft(ordered?.survey ?? config, draft);
  const restored = fitted && ordered ? { ...fitted, answers: { ...fitted.answers, shownOrder: ordered.shownOrder } } : fitted;
  // The row's definition version: the visit goes on with the version it started on, as a local draft does.
  const version = { [DEFINITION_VERSION.id]: keptVersion(row[DEFINITION_VERSION.column], config.version) };
  // The row's visit: the page continues the visit the row began, so the drop-off figures count one start and see it end.
  const rowVisit = row[VISIT_ID.column];
  const visit = isVisitId(rowVisit) ? { [VISIT_ID.id]: rowVisit } : {};
  return { restored: restored && { ...restored, answers: { ...restored.answers, ...version, ...visit, ...(SITE_ARMS && rowArm(config, row)) } }, times };
}

/** The row's A/B arm (arms.ts) while the survey still has it, as the answers keep it: the resumed visit goes on in its variant (keys and columns written out, as in toRow). */
function rowArm(config: ResolvedSurvey, row: StoredRow): Record<string, string> {
  const arm = row["arm"];
  if (typeof arm !== "string" || !config.arms?.some((each) => each.id === arm)) return {};
  return { arm, armSource: row["arm_source"] === "page" ? "page" : "database" };
}
