/**
 * Which answers are personal data (LGPD): questions marked "personal": true,
 * and every e-mail and phone question by its type. A personal question's
 * companion ('other' text) is personal too. The database's results
 * functions leave these columns out for members without the personal-data
 * grant (scripts/sql/team-survey-sql.ts); the site only shows what it gets.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { answerFields } from "./fields.ts";

type Question = SurveyConfig["questions"][number];

const PERSONAL_TYPES: ReadonlySet<Question["type"]> = new Set(["email", "phone"]);

export const isPersonal = (question: Question): boolean => question.personal === true || PERSONAL_TYPES.has(question.type);

/** The ids of the personal questions, in the file's order. */
export const personalQuestionIds = (config: SurveyConfig): string[] => config.questions.filter(isPersonal).map((question) => question.id);

/** Every column that holds personal data: the personal questions' columns and their companions'. */
export const personalColumns = (config: SurveyConfig): string[] => answerFields(config).filter((field) => isPersonal(field.question)).map((field) => field.column);
