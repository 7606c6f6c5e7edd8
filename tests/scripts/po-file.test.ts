/**
 * The PO files as a translator's tools read them: gettext's own msgfmt -c
 * finds nothing to say, a stale entry carries its previous source, the
 * placeholders carry the flags the tools check and a note each, and an
 * unchanged round trip changes no byte. (msgfmt is Debian's gettext package;
 * .ci/run installs it.)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import gettext, { type PoEntry } from "gettext-parser";
import { describe, expect, test } from "vitest";
import { FIXTURES, runScript, scratchDir } from "./helpers.ts";

function fixture() {
  const root = scratchDir();
  const surveys = join(root, "surveys");
  cpSync(join(FIXTURES, "trilingual"), surveys, { recursive: true });
  return { root, surveys };
}

function exportTo(out: string, surveys: string): string {
  const run = runScript("scripts/translations/cli.ts", ["export", "--language", "pt-BR", "--out", out, surveys]);
  expect(run.status, run.stderr).toBe(0);
  return join(out, "trilingual.pt-BR.po");
}

const entryAt = (po: string, pointer: string): PoEntry => Object.values(gettext.po.parse(readFileSync(po)).translations[pointer]!)[0]!;
const msgfmt = (po: string) => spawnSync("msgfmt", ["-c", "-o", "/dev/null", po], { encoding: "utf8" });

describe("the exported PO file", { timeout: 240_000 }, () => {
  test("export --out into a folder that does not exist creates it", () => {
    const { root, surveys } = fixture();
    const po = exportTo(join(root, "new", "folder"), surveys);
    expect(entryAt(po, "/pageTitle").msgstr).toEqual(["Pesquisa em três idiomas"]);
  });

  test("msgfmt -c prints nothing: the header carries the standard fields", () => {
    const { root, surveys } = fixture();
    const run = msgfmt(exportTo(root, surveys));
    expect(run.error, "msgfmt (Debian's gettext) must be installed").toBeUndefined();
    expect(`${run.stdout}${run.stderr}`).toBe("");
    expect(run.status).toBe(0);
  });

  test("a placeholder's entry is one whole sentence with the flags msgfmt, Poedit and Weblate check, and a note saying what it is", () => {
    const { root, surveys } = fixture();
    const po = exportTo(root, surveys);
    const trust = entryAt(po, "/questions/4/title");
    expect(trust.msgid).toBe("¿Cuánto confías en {professionalName}?");
    expect(trust.comments?.flag).toBe('python-brace-format, placeholders:"{professionalName}"');
    expect(trust.comments?.extracted).toContain("{professionalName} is replaced with «nossa equipe» in pt-BR");
    const greeting = entryAt(po, "/questions/1/title");
    expect(greeting.comments?.flag).toBe('python-brace-format, placeholders:r"[{]answer:nombre[|][^{}]*[}]"');
    expect(greeting.comments?.extracted).toContain("with «colega», the fallback after |: translate the fallback");

    // The flag makes gettext itself refuse a translation that drops the placeholder.
    const text = readFileSync(po, "utf8").replace('msgstr "Quanto você confia em {professionalName}?"', 'msgstr "Quanto você confia em nós?"');
    expect(text).toContain("confia em nós");
    writeFileSync(po, text);
    expect(msgfmt(po).stderr).toContain("'professionalName' doesn't exist in 'msgstr'");
  });

  test("a stale entry is fuzzy and shows the source it was translated from (#| msgid), found in git history", () => {
    const { root, surveys } = fixture();
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: root });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "survey");
    const file = join(surveys, "trilingual.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"¿Cómo te llamas?"', '"¿Cuál es tu nombre?"'));
    git("commit", "-qam", "reworded");
    const po = exportTo(join(root, "po"), surveys);
    const entry = entryAt(po, "/questions/0/title");
    expect(entry.comments?.flag).toBe("fuzzy");
    expect(readFileSync(po, "utf8")).toContain('#, fuzzy\n#| msgid "¿Cómo te llamas?"\nmsgctxt "/questions/0/title"\nmsgid "¿Cuál es tu nombre?"');
    expect(msgfmt(po).stderr).toBe("");
  });

  test("export, import unchanged, export again: the PO file and the translation file keep every byte", () => {
    const { root, surveys } = fixture();
    const json = join(surveys, "translations", "trilingual.pt-BR.json");
    const before = readFileSync(json, "utf8");
    const first = readFileSync(exportTo(join(root, "a"), surveys), "utf8");
    const run = runScript("scripts/translations/cli.ts", ["import", join(root, "a", "trilingual.pt-BR.po"), "--surveys", surveys]);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(json, "utf8")).toBe(before);
    expect(readFileSync(exportTo(join(root, "b"), surveys), "utf8")).toBe(first);
  });
});
