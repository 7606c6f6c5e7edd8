/**
 * Question type → component. Each component is its own chunk, loaded when a
 * question of that type is first shown (and prefetched while the respondent
 * reads the first one). A new type = a schema enum value, one file, one line
 * here; `satisfies` makes a missing type a compile error.
 *
 * A component already loaded renders directly, not through lazy(): the page
 * loads the first question's component before it hydrates, so the
 * prerendered input is hydrated in place — were it still suspended, the
 * form's first update would make React replace it, and with it whatever the
 * respondent had typed before the script arrived.
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

const loaded = new Map<QuestionType, ComponentType<never>>();

export function questionComponent<T extends QuestionType>(type: T): ComponentType<QuestionProps<T>> | undefined {
  return (loaded.get(type) ?? components[type]) as ComponentType<QuestionProps<T>> | undefined;
}

/** Loads the components of the given types; a failed load is not an error here (it surfaces when the question renders). */
export async function preloadQuestionTypes(types: Iterable<QuestionType>): Promise<void> {
  await Promise.all(
    [...new Set(types)].filter((type) => type in loaders).map((type) =>
      loaders[type]().then(
        (module) => void loaded.set(type, module.default as ComponentType<never>),
        () => undefined,
      ),
    ),
  );
}
