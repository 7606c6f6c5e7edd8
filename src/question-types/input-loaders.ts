/**
 * Each question type's input, as a loader of its own chunk (inputs.ts loads
 * them). Like definitions.ts, the site's production build loads this file as
 * scripts/vite-plugin-question-types.ts writes it, with only the types its
 * surveys use. Keep this file to the list.
 */
import type { ComponentType } from "react";
import type { QuestionProps } from "./input-props.ts";
import type { QUESTION_TYPES } from "./definitions.ts";
import type { QuestionType } from "./types.ts";

type InputLoader<T extends QuestionType> = () => Promise<{ default: ComponentType<QuestionProps<T>> }>;

// Over the registry's types: a registered type without its input fails to compile here, a type not registered in definitions.ts.
export const INPUTS = {
  text: () => import("./text/input.tsx"),
  number: () => import("./number/input.tsx"),
  textarea: () => import("./textarea/input.tsx"),
  select: () => import("./select/input.tsx"),
  radio: () => import("./radio/input.tsx"),
  checkbox: () => import("./checkbox/input.tsx"),
  slider: () => import("./slider/input.tsx"),
  rating: () => import("./rating/input.tsx"),
  nps: () => import("./nps/input.tsx"),
  email: () => import("./email/input.tsx"),
  phone: () => import("./phone/input.tsx"),
  date: () => import("./date/input.tsx"),
  ranking: () => import("./ranking/input.tsx"),
  matrix: () => import("./matrix/input.tsx"),
} satisfies { [T in keyof typeof QUESTION_TYPES]: InputLoader<T> };
