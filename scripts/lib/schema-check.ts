/**
 * Checks survey data against the survey schema (assembled from its base and
 * the question types' parts, as codegen writes it to surveys/survey.schema.json) with ajv (strict, all
 * errors, discriminator on question type) and reports one sentence per
 * problem. Only scripts and the Vite plugin import this: ajv never reaches the
 * browser bundle.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { describeError } from "./ajv-messages.ts";
import { surveySchemaText } from "./survey-schema.ts";
import type { Located } from "../../src/core/checks/located.ts";

export { REPO_ROOT } from "./repo-root.ts";

let compiled: { text: string; validate: ValidateFunction; schema: Record<string, any> } | undefined;

/** The schema, compiled again only when it changed (the Vite dev plugin re-validates on every save). */
function compiledSchema() {
  const text = surveySchemaText();
  if (compiled?.text !== text) {
    const schema = JSON.parse(text);
    const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true, verbose: true });
    compiled = { text, validate: ajv.compile(schema), schema };
  }
  return compiled;
}

export function schemaErrors(data: unknown): Located[] {
  const { validate, schema } = compiledSchema();
  if (validate(data)) return [];
  const lines = withoutNoise(validate.errors ?? []).map((error) => describeError(error, schema));
  // The same key can be reported by several schemas (e.g. a required key of both a branch and its base).
  const unique = new Map(lines.map((line) => [`${line.pointer} ${line.message}`, line]));
  return [...unique.values()];
}

function jsonType(data: unknown): string {
  if (data === null) return "null";
  if (Array.isArray(data)) return "array";
  if (Number.isInteger(data)) return "integer";
  return typeof data;
}

const fits = (expected: unknown, data: unknown) => expected === jsonType(data) || (expected === "number" && typeof data === "number");

/**
 * ajv reports every branch of a oneOf and both halves of a discriminator
 * failure. Keep what helps: for an unknown question type, the discriminator's
 * message alone; for a oneOf, the errors of the branch whose type fits the
 * data (an object option missing "label"), or one "must be X or Y" line.
 */
function withoutNoise(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  for (const error of errors) {
    if (error.keyword === "discriminator") {
      const params = error.params as { error: string; tag: string };
      const tagPointer = `${error.instancePath}/${params.tag}`;
      // A missing or non-text tag is already reported as a required or type error.
      if (params.error !== "mapping") dropped.add(error);
      else errors.filter((other) => other.instancePath === tagPointer).forEach((other) => dropped.add(other));
    }
    if (error.keyword === "oneOf") {
      const fitting = (error.schema as { type?: unknown }[]).findIndex((branch) => fits(branch.type, error.data));
      const prefix = `${error.schemaPath}/`;
      const keep = `${prefix}${fitting}/`;
      for (const other of errors) {
        const sameSpot = other.instancePath === error.instancePath && other.schemaPath.startsWith(prefix);
        if (sameSpot && (fitting < 0 || !other.schemaPath.startsWith(keep))) dropped.add(other);
      }
      if (fitting >= 0) dropped.add(error);
    }
  }
  return errors.filter((error) => !dropped.has(error));
}
