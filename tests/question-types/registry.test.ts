/**
 * A question type owns itself: the registry lists exactly the schema's
 * types, nothing outside src/question-types/ chooses by a question's type,
 * and the pure registry never reaches React (scripts import it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { surveySchema } from "../../scripts/lib/survey-schema.ts";
import { QUESTION_TOOLS, QUESTION_TYPES, questionTypes } from "../../src/question-types/registry.ts";

const ROOT = process.cwd();
/** Where types may be named: their folders and the registry; and the types generated from the schema. */
const ALLOWED = ["src/question-types/", "src/generated/"];
const TYPES = "(text|number|textarea|select|radio|checkbox|slider)";
const FORBIDDEN = [
  { what: "a test of a question's type", pattern: new RegExp(`type ?[!=]== ?['"]${TYPES}['"]`) },
  { what: "a case of a question type", pattern: new RegExp(`case ['"]${TYPES}['"]`) },
  { what: "a switch on a type", pattern: /switch \([\w.]*\.type\)/ },
  { what: "a list of type names", pattern: new RegExp(`['"]${TYPES}['"] *[,|] *['"]${TYPES}['"]`) },
];

const filesUnder = (pattern: RegExp) =>
  function walk(dir: string): string[] {
    return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return pattern.test(entry.name) ? [path] : [];
    });
  };
const sourceFiles = filesUnder(/\.(ts|tsx)$/);
const jsonFiles = filesUnder(/\.json$/);

describe("the question types", () => {
  test("outside the type folders and the registry, no code chooses by a question's type", () => {
    const found = ["src", "scripts"].flatMap(sourceFiles).filter((path) => !ALLOWED.some((allowed) => path.startsWith(allowed))).flatMap((path) =>
      readFileSync(join(ROOT, path), "utf8").split("\n").flatMap((line, index) =>
        FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${path}:${index + 1}: ${what}: ${line.trim()}`),
      ),
    );
    expect(found).toEqual([]);
  });

  test("the registry lists exactly the schema's types, in its order, each with its definition and tools", () => {
    const question = (surveySchema().$defs as Record<string, { properties: { type: { enum: string[] } } }>).question!;
    expect(questionTypes()).toEqual(question.properties.type.enum);
    expect(Object.keys(QUESTION_TOOLS)).toEqual(Object.keys(QUESTION_TYPES));
  });

  test("the assembled schema is surveys/survey.schema.json, byte for byte (codegen writes it)", () => {
    expect(`${JSON.stringify(surveySchema(), null, 2)}\n`).toBe(readFileSync(join(ROOT, "surveys/survey.schema.json"), "utf8"));
  });

  test("the assembled schema accepts and refuses every fixture exactly as surveys/survey.schema.json does", () => {
    const compile = (schema: object) => new Ajv2020({ strict: true, allErrors: true, discriminator: true }).compile(schema);
    const assembled = compile(surveySchema());
    const file = compile(JSON.parse(readFileSync(join(ROOT, "surveys/survey.schema.json"), "utf8")));
    const surveys = ["surveys", "tests/fixtures"].flatMap(jsonFiles).filter((path) => !path.endsWith("survey.schema.json"));
    const verdicts = surveys.flatMap((path) => {
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(join(ROOT, path), "utf8"));
      } catch {
        return []; // a fixture of a syntax error
      }
      return [{ path, assembled: [assembled(data), assembled.errors], file: [file(data), file.errors] }];
    });
    expect(verdicts.length).toBeGreaterThan(50);
    expect(verdicts.filter((verdict) => verdict.file[0]).length).toBeGreaterThan(0);
    for (const verdict of verdicts) expect(verdict.assembled, verdict.path).toEqual(verdict.file);
  });

  test("the registry reaches no React module: scripts import it", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*? from "([^"]+)"/gm)) {
        expect(specifier, `${relative(ROOT, file)} imports ${specifier}`).not.toMatch(/^react|\.tsx$/);
        if (specifier!.startsWith(".")) visit(resolve(dirname(file), specifier!));
      }
    };
    visit(join(ROOT, "src/question-types/registry.ts"));
    expect(seen.size).toBeGreaterThan(10);
  });
});
