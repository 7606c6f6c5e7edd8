/**
 * Turns one raw ajv error into a sentence an editor can act on: what is wrong
 * at which pointer and what is allowed instead. Needs ajv's `verbose` option
 * (the failing data and the schema that rejected it).
 */
import type { ErrorObject } from "ajv";
import { childPointer, type Located } from "../../src/core/checks/located.ts";
import { didYouMean, quoted } from "../../src/core/checks/suggest.ts";

type Schema = Record<string, any>;

const TYPE_NAMES: Record<string, string> = {
  string: "a text", integer: "a whole number", number: "a number", boolean: "true or false",
  object: "an object { … }", array: "a list [ … ]", null: "null",
};

const typeName = (type: string): string => TYPE_NAMES[type] ?? type;

function shown(data: unknown): string {
  const text = JSON.stringify(data) ?? String(data);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** Keys a (possibly allOf-composed) object schema accepts, following local $refs. */
function allowedKeys(schema: Schema, root: Schema): string[] {
  const resolved = typeof schema.$ref === "string" ? resolveRef(schema.$ref, root) : schema;
  const own = Object.keys(resolved.properties ?? {});
  const inherited = (resolved.allOf ?? []).flatMap((part: Schema) => allowedKeys(part, root));
  return [...new Set([...inherited, ...own])];
}

function resolveRef(ref: string, root: Schema): Schema {
  return ref.replace(/^#\//, "").split("/").reduce((node: Schema, key) => node[key], root);
}

/** "questions" for /questions/3: names what the items of the parent list are. */
function itemNoun(pointer: string, count: number): string {
  const list = pointer.split("/").findLast((segment) => !/^\d+$/.test(segment)) || "items";
  return count === 1 ? list.replace(/s$/, "") : list;
}

export function describeError(error: ErrorObject, root: Schema): Located {
  const at = error.instancePath;
  const params = error.params as Record<string, any>;
  switch (error.keyword) {
    case "required":
      return { pointer: at, message: `missing required key "${params.missingProperty}"` };
    case "additionalProperties":
    case "unevaluatedProperties": {
      const key: string = params.additionalProperty ?? params.unevaluatedProperty;
      const allowed = allowedKeys(error.parentSchema as Schema, root);
      return { pointer: childPointer(at, key), message: `unknown key "${key}" (allowed: ${allowed.join(", ")}${didYouMean(key, allowed)})` };
    }
    case "discriminator": {
      const tag: string = params.tag;
      const allowed: unknown[] = (error.parentSchema as Schema).properties?.[tag]?.enum ?? [];
      const noun = itemNoun(at, 1);
      const hint = didYouMean(String(params.tagValue), allowed.map(String));
      return { pointer: childPointer(at, tag), message: `unknown ${noun} ${tag} ${shown(params.tagValue)} (allowed: ${allowed.join(", ")}${hint})` };
    }
    case "enum":
      return { pointer: at, message: `${shown(error.data)} is not allowed (allowed: ${quoted(params.allowedValues)})` };
    case "const":
      return { pointer: at, message: `must be ${shown(params.allowedValue)} (found ${shown(error.data)})` };
    case "type":
      return { pointer: at, message: `must be ${typeName(String(params.type))} (found ${shown(error.data)})` };
    case "oneOf": {
      const types = (error.schema as Schema[]).map((branch) => typeName(branch.type));
      return { pointer: at, message: `must be ${types.join(" or ")} (found ${shown(error.data)})` };
    }
    case "minItems":
      return { pointer: at, message: `needs at least ${params.limit} ${itemNoun(at, params.limit)} (found ${(error.data as unknown[]).length})` };
    case "maxItems":
      return { pointer: at, message: `has ${(error.data as unknown[]).length} ${itemNoun(at, 2)}; at most ${params.limit} allowed` };
    case "minLength":
      return { pointer: at, message: params.limit === 1 ? "must not be empty" : `must be at least ${params.limit} characters long` };
    case "maxLength":
      return { pointer: at, message: `is ${(error.data as string).length} characters long; at most ${params.limit} allowed` };
    case "pattern":
      return { pointer: at, message: `${shown(error.data)} has the wrong form. ${(error.parentSchema as Schema).description ?? `It must match ${params.pattern}.`}` };
    case "minimum":
    case "maximum":
      return { pointer: at, message: `${shown(error.data)} is too ${error.keyword === "minimum" ? "small" : "large"} (${params.comparison} ${params.limit} allowed)` };
    case "uniqueItems":
      return { pointer: childPointer(at, params.i), message: `${shown((error.data as unknown[])[params.i])} is listed twice (also entry ${params.j}); remove one` };
    default:
      return { pointer: at, message: error.message ?? `fails the schema rule "${error.keyword}"` };
  }
}
