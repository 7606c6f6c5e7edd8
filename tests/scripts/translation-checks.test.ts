import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { formatError, loadSurveys } from "../../scripts/lib/validate.ts";
import { FIXTURES, runScript, scratchDir } from "./helpers.ts";

/** The three-language fixture in a scratch directory, its pt-BR translation changed by `edit`. */
function trilingual(edit: (texts: Record<string, { text: string; source: string }>) => void) {
  const dir = join(scratchDir(), "surveys");
  cpSync(join(FIXTURES, "trilingual"), dir, { recursive: true });
  const path = join(dir, "translations", "trilingual.pt-BR.json");
  const file = JSON.parse(readFileSync(path, "utf8"));
  edit(file.texts);
  writeFileSync(path, JSON.stringify(file, null, 2));
  return { dir, path };
}

describe("validate: translations", () => {
  test("the three-language fixture is valid, with no warning", () => {
    const { errors, warnings } = loadSurveys(join(FIXTURES, "trilingual"));
    expect([...errors, ...warnings]).toEqual([]);
  });

  test("a removed translation names the file, the pointer and the source text, and the build's check refuses it", () => {
    const { dir, path } = trilingual((texts) => delete texts["/questions/1/options/2/label"]);
    const lines = loadSurveys(dir).errors.map(formatError);
    expect(lines).toEqual([`${path} /questions/1/options/2/label: missing the pt-BR translation of "Ejerciendo la medicina"`]);
    const { status, stderr } = runScript("scripts/validate-surveys.ts", [dir]);
    expect(status).toBe(1);
    expect(stderr).toContain("/questions/1/options/2/label: missing the pt-BR translation");
  });

  test("a missing language file is an error naming it", () => {
    const { dir } = trilingual(() => {});
    rmSync(join(dir, "translations", "trilingual.en.json"));
    expect(loadSurveys(dir).errors.map(formatError)[0]).toMatch(/translations\/trilingual\.en\.json \/: missing/);
  });

  test("a translation made from an earlier source text is a warning, an error with --strict", () => {
    const { dir } = trilingual((texts) => (texts["/questions/0/title"]!.source = "00000000"));
    const { errors, warnings } = loadSurveys(dir);
    expect(errors).toEqual([]);
    expect(warnings.map(formatError)[0]).toContain(`/questions/0/title: translated from an earlier source text; the source now says "¿Cómo te llamas?"`);
    expect(runScript("scripts/validate-surveys.ts", [dir]).status).toBe(0);
    expect(runScript("scripts/validate-surveys.ts", ["--strict", dir]).status).toBe(1);
  });
});
