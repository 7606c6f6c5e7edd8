import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import gettext from "gettext-parser";
import { describe, expect, test } from "vitest";
import { surveysPlugin } from "../../scripts/vite-plugin-surveys.ts";
import { FIXTURES, runScript, scratchDir } from "./helpers.ts";

/** The three-language fixture in a scratch folder, and its pt-BR exported to a PO file there. */
function exported() {
  const root = scratchDir();
  const surveys = join(root, "surveys");
  cpSync(join(FIXTURES, "trilingual"), surveys, { recursive: true });
  const run = runScript("scripts/translations/cli.ts", ["export", "--language", "pt-BR", "--out", root, surveys]);
  expect(run.status, run.stderr).toBe(0);
  const json = join(surveys, "translations", "trilingual.pt-BR.json");
  return { surveys, po: join(root, "trilingual.pt-BR.po"), json, before: readFileSync(json, "utf8") };
}

/** The PO file with one entry's translation replaced. */
function editPo(po: string, pointer: string, text: string) {
  const table = gettext.po.parse(readFileSync(po));
  const entry = Object.values(table.translations[pointer]!)[0]!;
  entry.msgstr = [text];
  writeFileSync(po, gettext.po.compile(table));
}

const importPo = (surveys: string, po: string) => runScript("scripts/translations/cli.ts", ["import", po, "--surveys", surveys]);

/** The survey as the page receives it in a language (the Vite plugin's module for <file>?lang=). */
function served(surveys: string, language: string): { questions: { title: string }[] } {
  const plugin = surveysPlugin({ dir: surveys });
  (plugin.configResolved as (config: object) => void)({ root: "/", command: "build" });
  const load = plugin.load as (this: object, id: string) => string;
  const code = load.call({ addWatchFile: () => {} }, `${join(surveys, "trilingual.json")}?lang=${language}`);
  return JSON.parse(code.replace(/^export default /, "").replace(/;$/, ""));
}

// Each test starts the CLI several times (node with tsx, a few seconds each on a busy machine).
describe("npm run translations", { timeout: 60_000 }, () => {
  test("export writes a PO file: context = pointer, source = msgid, the translation, notes naming the question", () => {
    const { po } = exported();
    const table = gettext.po.parse(readFileSync(po));
    expect(table.headers).toMatchObject({ Language: "pt-BR", "X-Survey": "trilingual", "X-Source-Language": "es" });
    const entry = Object.values(table.translations["/questions/1/options/2/label"]!)[0]!;
    expect(entry).toMatchObject({ msgid: "Ejerciendo la medicina", msgstr: ["Exercendo a medicina"] });
    expect(entry.comments?.extracted).toBe("question 2 (etapa, radio), options › 2 › label; the question: «Hola {answer:nombre|colega}, ¿en qué etapa estás?»");
  });

  test("export then import with no change leaves every byte of the translation file as it was", () => {
    const { surveys, po, json, before } = exported();
    const run = importPo(surveys, po);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("0 translations written");
    expect(readFileSync(json, "utf8")).toBe(before);
  });

  test("an imported translation changes only its own line, and the page in that language shows it", () => {
    const { surveys, po, json, before } = exported();
    editPo(po, "/questions/0/title", "Como você se chama?");
    const run = importPo(surveys, po);
    expect(run.status, run.stderr).toBe(0);
    const changed = readFileSync(json, "utf8").split("\n").filter((line, index) => line !== before.split("\n")[index]);
    expect(changed).toEqual(['      "text": "Como você se chama?",']);
    expect(served(surveys, "pt-BR").questions[0]!.title).toBe("Como você se chama?");
    expect(served(surveys, "en").questions[0]!.title).toBe("What is your name?");
  });

  test("a translation that loses a placeholder is refused, and the file is left as it was", () => {
    const { surveys, po, json, before } = exported();
    editPo(po, "/questions/1/title", "Olá, em que etapa você está?");
    const run = importPo(surveys, po);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("/questions/1/title: the translation must use the placeholders of its source ({answer:nombre}), found none");
    expect(readFileSync(json, "utf8")).toBe(before);
  });

  test("a text missing from the translation is exported empty, and once translated and imported the survey is valid again", () => {
    const { surveys, po, json } = exported();
    const file = JSON.parse(readFileSync(json, "utf8"));
    delete file.texts["/questions/3/subtitle"];
    writeFileSync(json, `${JSON.stringify(file, null, 2)}\n`);
    expect(runScript("scripts/validate-surveys.ts", [surveys]).status).toBe(1);
    expect(runScript("scripts/translations/cli.ts", ["export", "--language", "pt-BR", "--out", join(po, ".."), surveys]).status).toBe(0);
    expect(Object.values(gettext.po.parse(readFileSync(po)).translations["/questions/3/subtitle"]!)[0]!.msgstr).toEqual([""]);
    editPo(po, "/questions/3/subtitle", "Marque os que quiser");
    expect(importPo(surveys, po).status).toBe(0);
    expect(runScript("scripts/validate-surveys.ts", [surveys]).status).toBe(0);
  });
});
