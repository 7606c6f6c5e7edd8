/**
 * The registry's React half: each type's input, its own chunk, loaded when a
 * question of that type is first shown (and prefetched while the respondent
 * reads the first one). Apart from registry.ts so that pure code, which a
 * script or the visibility bench bundles whole, never meets an import().
 *
 * A component already loaded renders directly, not through lazy(): the page
 * loads the first question's component before it hydrates, so the
 * prerendered input is hydrated in place — were it still suspended, the
 * form's first update would make React replace it, and with it whatever the
 * respondent had typed before the script arrived.
 */
import { lazy, type ComponentType } from "react";
import { INPUTS } from "./input-loaders.ts";
import type { QuestionProps } from "./input-props.ts";
import type { QuestionType } from "./types.ts";

type AnyInput = ComponentType<QuestionProps<never>>;
const load = (type: QuestionType) => ((INPUTS as Record<string, unknown>)[type] as () => Promise<{ default: AnyInput }>)();

const components = Object.fromEntries((Object.keys(INPUTS) as QuestionType[]).map((type) => [type, lazy<AnyInput>(() => load(type))])) as unknown as {
  [T in QuestionType]: ComponentType<QuestionProps<T>>;
};
const loaded = new Map<QuestionType, ComponentType<never>>();

export function questionComponent<T extends QuestionType>(type: T): ComponentType<QuestionProps<T>> | undefined {
  return (loaded.get(type) ?? components[type]) as ComponentType<QuestionProps<T>> | undefined;
}

/** Loads the components of the given types; a failed load is not an error here (it surfaces when the question renders). */
export async function preloadQuestionTypes(types: Iterable<QuestionType>): Promise<void> {
  await Promise.all(
    [...new Set(types)].filter((type) => type in INPUTS).map((type) =>
      load(type).then(
        (module) => void loaded.set(type, module.default as ComponentType<never>),
        () => undefined,
      ),
    ),
  );
}
