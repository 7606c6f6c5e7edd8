/**
 * Question type → component. Each component is its own chunk, loaded when a
 * question of that type is first shown (and prefetched while the respondent
 * reads the first one). A new type = a schema enum value, one file, one line
 * here; `satisfies` makes a missing type a compile error.
 */
import { lazy, type ComponentType } from "react";
import type { QuestionProps, QuestionType } from "./question-props.ts";

type Loaders = { [T in QuestionType]: () => Promise<{ default: ComponentType<QuestionProps<T>> }> };

const loaders = {
  text: () => import("./text-question.tsx"),
  number: () => import("./text-question.tsx"),
  textarea: () => import("./textarea-question.tsx"),
  select: () => import("./select-question.tsx"),
  radio: () => import("./radio-question.tsx"),
  checkbox: () => import("./checkbox-question.tsx"),
  slider: () => import("./slider-question.tsx"),
} satisfies Loaders;

const components = Object.fromEntries(
  Object.entries(loaders).map(([type, load]) => [type, lazy(load as () => Promise<{ default: ComponentType<unknown> }>)]),
) as unknown as { [T in QuestionType]: ComponentType<QuestionProps<T>> };

export function questionComponent<T extends QuestionType>(type: T): ComponentType<QuestionProps<T>> | undefined {
  return components[type] as ComponentType<QuestionProps<T>> | undefined;
}

/** Starts loading the components of the given types; errors surface when rendered. */
export function preloadQuestionTypes(types: Iterable<QuestionType>): void {
  for (const type of new Set(types)) void loaders[type]().catch(() => undefined);
}
