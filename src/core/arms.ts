/**
 * A/B variants (a survey's `arms`): each respondent is in one arm, which may
 * word some questions otherwise (title, subtitle, option labels), show their
 * options in another order, or ask a question of its own (a showIf such as
 * {"arm": "b"}, read by conditions.ts). The database assigns the arm when the
 * survey opens (scripts/sql/arms-sql.ts: the arm with the fewest respondents
 * assigned so far, in one statement); the page keeps it in the answers beside
 * the answers (ARM_ID, with where it came from under ARM_SOURCE_ID, so the
 * draft and the partial response carry it as they carry the visit id) and
 * stores both with the response.
 *
 * Invariants: an arm never changes a stored value, the list of questions or
 * a condition, only how a question reads, so every arm's rows are one
 * table's rows and the first question (validate keeps it the same in every
 * arm) is what the prerendered page shows before the arm is known.
 */
import type { Arm, Option, SurveyConfig } from "../generated/survey-config.ts";
import { optionValue } from "./fields.ts";
import { freshSeed } from "./seeded-random.ts";
import { orderedSurvey } from "./shown-order.ts";

/** Where the arm lives: keys of the answers object and the response's columns (to-row.ts writes them out). */
export const ARM_ID = "arm";
export const ARM_SOURCE_ID = "armSource";
export const ARM_COLUMN = "arm";
export const ARM_SOURCE_COLUMN = "arm_source";

/**
 * Who chose the arm: the database (the balanced assignment), or the page
 * itself when the database could not be asked in time (a uniform draw, so the
 * comparison stays randomised; the report can leave those rows out).
 */
export const ARM_SOURCES = ["database", "page"] as const;
export type ArmSource = (typeof ARM_SOURCES)[number];

/** The public function that assigns the next respondent's arm (as receiptFunctionName: the table's name and a suffix). */
export const armFunctionName = (table: string): string => `${table}_assign_arm`;

export const usesArms = (config: Pick<SurveyConfig, "arms">): boolean => (config.arms?.length ?? 0) > 0;

export const armIds = (config: Pick<SurveyConfig, "arms">): string[] => (config.arms ?? []).map((arm) => arm.id);

/** The id when it is one of the survey's arms, else undefined (never throws on anything stored or answered). */
export const knownArm = (config: Pick<SurveyConfig, "arms">, value: unknown): string | undefined => (typeof value === "string" && armIds(config).includes(value) ? value : undefined);

/** The page's own draw: every arm equally likely. */
export function drawArm(config: Pick<SurveyConfig, "arms">, seed: number = freshSeed()): string {
  const ids = armIds(config);
  return ids[seed % ids.length]!;
}

const relabelled = (option: Option, label: string | undefined): Option => (label === undefined ? option : typeof option === "string" ? { value: option, label } : { ...option, label });

/** The survey as arm `id` shows it: its overrides over the questions (the survey itself for an unknown arm or one that changes nothing). */
export function armedSurvey<T extends Pick<SurveyConfig, "questions" | "arms">>(config: T, id: string | undefined): T {
  const arm: Arm | undefined = config.arms?.find((candidate) => candidate.id === id);
  if (!arm?.questions) return config;
  const overrides = arm.questions;
  const questions = config.questions.map((question) => {
    const own = overrides[question.id];
    if (!own) return question;
    const { title = question.title, subtitle = question.subtitle, options: labels } = own;
    const worded = { ...question, title, ...(subtitle !== undefined && { subtitle }) };
    if (!labels || !("options" in question) || !Array.isArray(question.options)) return worded;
    return { ...worded, options: (question.options as Option[]).map((option) => relabelled(option, labels[optionValue(option)])) };
  }) as T["questions"];
  const orders = Object.fromEntries(Object.entries(overrides).flatMap(([question, own]) => (own.optionOrder ? [[question, own.optionOrder]] : [])));
  return orderedSurvey({ ...config, questions }, { options: orders });
}
