/**
 * The survey file's JSON Schema, assembled: survey-base.schema.json holds
 * everything but the question types; each type's tools hold its part. The
 * types' definitions go before "question", whose "type" enum, oneOf and
 * description list the registry's types. Codegen writes the result to
 * surveys/survey.schema.json (what editors and VS Code read) and validate
 * checks against the same assembly, so a type's part is read in one place.
 */
import { readFileSync } from "node:fs";
import { questionTypes, toolsOfType } from "../../src/question-types/registry.ts";
import type { JsonSchema } from "../../src/question-types/types.ts";

const BASE_PATH = new URL("./survey-base.schema.json", import.meta.url);

/** "a, b or c" */
const listed = (words: string[]) => `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;

export function surveySchema(): JsonSchema {
  const base = JSON.parse(readFileSync(BASE_PATH, "utf8")) as JsonSchema & { $defs: Record<string, JsonSchema> };
  const types = questionTypes();
  const parts = types.map((type) => toolsOfType(type).schema);
  const question = base.$defs.question as JsonSchema & { description: string; properties: { type: JsonSchema } };
  const assembled: JsonSchema = {
    ...question,
    description: question.description.replace("{types}", listed(types)),
    properties: { ...question.properties, type: { ...question.properties.type, enum: types } },
    // A type's own definition is the last of its part (before it: definitions it uses, such as a slider's value labels).
    oneOf: parts.map((part) => ({ $ref: `#/$defs/${Object.keys(part).at(-1)}` })),
  };
  const $defs = Object.fromEntries(
    Object.entries(base.$defs).flatMap(([name, definition]) =>
      name === "question" ? [...parts.flatMap((part) => Object.entries(part)), [name, assembled]] : [[name, definition]],
    ),
  );
  return { ...base, $defs };
}

export const surveySchemaText = (): string => `${JSON.stringify(surveySchema(), null, 2)}\n`;
