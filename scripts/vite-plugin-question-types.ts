/**
 * The site's build carries the question types its surveys use, and no other:
 * src/question-types/definitions.ts and input-loaders.ts are loaded as lists
 * of just those (in the registry's order), so a survey that asks no ranking
 * question, say, loads no byte of ranking: neither its definition nor the
 * loader of its input's chunk.
 *
 * Only in `vite build`: the dev server serves the whole list, so a survey
 * edited to use another type works without a restart.
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { questionTypes } from "../src/question-types/registry.ts";
import { readSurveyFiles } from "./lib/survey-files.ts";

const TYPES_DIR = fileURLToPath(new URL("../src/question-types/", import.meta.url));

/** The types the survey files of `dir` ask, in the registry's order. */
export function typesUsedBy(dir: string): string[] {
  const used = new Set(
    readSurveyFiles(dir).files.flatMap((file) => {
      const questions = (file.data as { questions?: unknown } | undefined)?.questions;
      return Array.isArray(questions) ? questions.map((question: { type?: unknown }) => question?.type) : [];
    }),
  );
  return questionTypes().filter((type) => used.has(type));
}

const path = (file: string) => JSON.stringify(`${TYPES_DIR}${file}`);

/** The two lists, with only `types`: each folder's definition.ts exports its definition under the type's name, and its input.tsx is the default export. */
export const LISTS: Record<string, (types: string[]) => string> = {
  [`${TYPES_DIR}definitions.ts`]: (types) =>
    `${types.map((type) => `import { ${type} } from ${path(`${type}/definition.ts`)};`).join("\n")}\nexport const QUESTION_TYPES = { ${types.join(", ")} };\n`,
  [`${TYPES_DIR}input-loaders.ts`]: (types) => `export const INPUTS = {\n${types.map((type) => `  ${type}: () => import(${path(`${type}/input.tsx`)}),`).join("\n")}\n};\n`,
};

export function questionTypesPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  return {
    name: "question-types",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    load(id) {
      const list = LISTS[id.split("?")[0]!];
      return list?.(typesUsedBy(dir));
    },
  };
}
