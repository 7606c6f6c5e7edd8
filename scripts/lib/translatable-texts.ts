/**
 * Every text of a survey file that a respondent reads, by JSON pointer, in
 * the file's order: what each other language must translate. The schema says
 * which strings those are (every `$defs/text`, and an option written as a
 * plain text, whose translation goes to `<option>/label`), so a new question
 * type's texts are found without code here. ajv walks the file with the
 * schema, a keyword on those definitions noting where it meets them; the
 * discriminator on the question type keeps other types' branches out.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { surveySchema } from "./survey-schema.ts";

export interface SourceText {
  pointer: string;
  text: string;
}

const KEYWORD = "translatable";
let found: SourceText[] = [];
let compiled: ValidateFunction | undefined;

function walker(): ValidateFunction {
  if (compiled) return compiled;
  const schema = structuredClone(surveySchema()) as { $defs: Record<string, any> };
  schema.$defs.text![KEYWORD] = "";
  schema.$defs.option!.oneOf[0][KEYWORD] = "/label";
  const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true });
  ajv.addKeyword({
    keyword: KEYWORD,
    type: "string",
    schemaType: "string",
    validate: (suffix: string, data: string, _schema: unknown, context?: { instancePath: string }) => {
      found.push({ pointer: `${context!.instancePath}${suffix}`, text: data });
      return true;
    },
  });
  compiled = ajv.compile(schema);
  return compiled;
}

/** The texts of a schema-valid survey file to translate, each once, in the file's order. */
export function translatableTexts(config: SurveyConfig): SourceText[] {
  const validate = walker();
  found = [];
  validate(config);
  const seen = new Map(found.map((text) => [text.pointer, text]));
  found = [];
  return [...seen.values()];
}
