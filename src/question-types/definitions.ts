/**
 * Each question type's definition: what the respondent's page needs of it.
 * The registry (registry.ts) pairs these with the types' tools.
 *
 * The site's production build loads this file as the plugin in
 * scripts/vite-plugin-question-types.ts writes it, with only the types its
 * surveys use, so a survey pays nothing for types it does not ask. Keep this
 * file to the imports and the list.
 */
import type { QuestionDefinition, QuestionType } from "./types.ts";
import { checkbox } from "./checkbox/definition.ts";
import { date } from "./date/definition.ts";
import { email } from "./email/definition.ts";
import { matrix } from "./matrix/definition.ts";
import { nps } from "./nps/definition.ts";
import { number } from "./number/definition.ts";
import { phone } from "./phone/definition.ts";
import { radio } from "./radio/definition.ts";
import { ranking } from "./ranking/definition.ts";
import { rating } from "./rating/definition.ts";
import { select } from "./select/definition.ts";
import { slider } from "./slider/definition.ts";
import { text } from "./text/definition.ts";
import { textarea } from "./textarea/definition.ts";

// The order is the survey schema's (its "type" enum and oneOf).
export const QUESTION_TYPES = {
  text: text,
  number: number,
  textarea: textarea,
  select: select,
  radio: radio,
  checkbox: checkbox,
  slider: slider,
  rating: rating,
  nps: nps,
  email: email,
  phone: phone,
  date: date,
  ranking: ranking,
  matrix: matrix,
} satisfies { [T in QuestionType]: QuestionDefinition<T> };
