/**
 * The editor's server writing translation files against real requests: one
 * translation from the panel, and a restored version's files saved with its
 * survey, each checked like every save, and refused with nothing written
 * when a file leads out of surveys/.
 */
import { cpSync, existsSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { translationProblems } from "../../scripts/lib/translation-checks.ts";
import { fingerprintOf } from "../../src/core/translations.ts";
import { api, call, editor, outside, root, startEditorForTests, surveyText } from "./support/editor-server.ts";

startEditorForTests();

describe("the editor's server writes one translation", () => {
  const portuguese = () => join(root, "surveys", "translations", "trilingual.pt-BR.json");
  const files = () => [surveyText("trilingual.json"), readFileSync(portuguese(), "utf8")];
  const errorsOf = () => translationProblems(join(root, "surveys"), JSON.parse(surveyText("trilingual.json"))).errors.map(({ pointer, message }) => `${pointer}: ${message}`);

  beforeAll(() => {
    // The three-language fixture, its pt-BR file missing one text and with one translated from an earlier source.
    cpSync("tests/fixtures/surveys/trilingual", join(root, "surveys"), { recursive: true });
    const file = JSON.parse(readFileSync(portuguese(), "utf8"));
    delete file.texts["/questions/3/subtitle"];
    file.texts["/questions/0/title"].source = "00000000";
    writeFileSync(portuguese(), `${JSON.stringify(file, null, 2)}\n`);
  });

  test("a missing one filled in: the file gains that entry, made from the source text, and validates; the survey file is untouched", async () => {
    const [survey, before = ""] = files();
    expect(errorsOf()).toEqual(["/questions/3/subtitle: missing the pt-BR translation of \"Marca los que quieras\""]);
    const saved = await api("POST", "translations/trilingual.json/pt-BR", { pointer: "/questions/3/subtitle", text: "Marque os que quiser" });
    expect(saved.status).toBe(200);
    expect(saved.body.row).toMatchObject({ pointer: "/questions/3/subtitle", text: "Marque os que quiser", stale: false });
    const [surveyAfter, after] = files();
    expect(surveyAfter).toBe(survey);
    // Format-preserving: the entry added after the last one, every other byte as it was.
    const entry = `    "/questions/3/subtitle": {\n      "text": "Marque os que quiser",\n      "source": "${fingerprintOf("Marca los que quieras")}"\n    }`;
    expect(after).toBe(before.replace(/\n    }\n  }\n}\n$/, `\n    },\n${entry}\n  }\n}\n`));
    expect(errorsOf()).toEqual([]);
  });

  test("a stale one confirmed changes only its fingerprint line; one rewritten, only its text line", async () => {
    const before = readFileSync(portuguese(), "utf8");
    const confirmed = await api("POST", "translations/trilingual.json/pt-BR", { pointer: "/questions/0/title", text: "Qual é o seu nome?" });
    expect(confirmed.body.row).toMatchObject({ text: "Qual é o seu nome?", stale: false });
    const afterConfirm = before.replace('"source": "00000000"', `"source": "${fingerprintOf("¿Cómo te llamas?")}"`);
    expect(readFileSync(portuguese(), "utf8")).toBe(afterConfirm);
    await api("POST", "translations/trilingual.json/pt-BR", { pointer: "/questions/1/options/0/label", text: "Estudante" });
    expect(readFileSync(portuguese(), "utf8")).toBe(afterConfirm.replace('"text": "Estudando"', '"text": "Estudante"'));
  });

  test.each([
    ["without the token", (): Record<string, string> => ({ "content-type": "application/json" }), "token"],
    ["with another content type", (): Record<string, string> => ({ "x-editor-token": editor.token, "content-type": "text/plain" }), "JSON"],
  ])("refuses a write %s, writing nothing", async (_, headers, reason) => {
    const unchanged = files();
    const reply = await call("POST", "/api/translations/trilingual.json/pt-BR", { headers: headers(), body: JSON.stringify({ pointer: "/questions/0/title", text: "Nome?" }) });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toContain(reason);
    expect(files()).toEqual(unchanged);
  });

  test.each([
    ["an unknown survey", "translations/nowhere.json/pt-BR", { pointer: "/questions/0/title", text: "Nome?" }, 403, "does not exist"],
    ["a language the survey is not translated into", "translations/trilingual.json/fr", { pointer: "/questions/0/title", text: "Nom ?" }, 404, '"fr"'],
    ["its source language", "translations/trilingual.json/es", { pointer: "/questions/0/title", text: "¿Nombre?" }, 404, '"es"'],
    ["a text the survey does not have", "translations/trilingual.json/pt-BR", { pointer: "/questions/99/title", text: "Nome?" }, 404, "/questions/99/title"],
    ["an empty translation", "translations/trilingual.json/pt-BR", { pointer: "/questions/0/title", text: "  " }, 422, "empty"],
    ["a translation that loses a placeholder", "translations/trilingual.json/pt-BR", { pointer: "/questions/1/title", text: "Olá, em que etapa você está?" }, 422, "{answer:nombre}"],
  ])("refuses %s, writing nothing", async (_, path, body, status, reason) => {
    const unchanged = files();
    const reply = await api("POST", path, body);
    expect(reply.status).toBe(status);
    expect(reply.body.message).toContain(reason);
    expect(files()).toEqual(unchanged);
  });

  test("names the source's placeholders when one is lost, for the editor to say in its language", async () => {
    const reply = await api("POST", "translations/trilingual.json/pt-BR", { pointer: "/questions/4/title", text: "Quanto você confia na equipe?" });
    expect(reply.body.placeholders).toEqual(["professionalName"]);
  });
});

describe("a save with a restored version's translation files", () => {
  const translation = (language: string) => join(root, "surveys", "translations", `trilingual.${language}.json`);
  const files = () => ["trilingual.json", "translations/trilingual.pt-BR.json", "translations/trilingual.en.json"].map((file) => readFileSync(join(root, "surveys", file), "utf8"));
  const restoredPortuguese = `{\n  "texts": {\n    "/questions/0/title": { "text": "Seu nome?", "source": "00000000" }\n  }\n}\n`;
  const writes = (over: Record<string, unknown> = {}) => ({ "pt-BR": { base: readFileSync(translation("pt-BR"), "utf8"), text: restoredPortuguese }, ...over });

  beforeAll(() => {
    cpSync("tests/fixtures/surveys/trilingual", join(root, "surveys"), { recursive: true });
  });

  test.each([
    ["a language the survey does not list", () => writes({ fr: { base: null, text: restoredPortuguese } }), 400, '"fr"'],
    ["a file that is not a translation file", () => writes({ en: { base: readFileSync(translation("en"), "utf8"), text: "[1, 2]" } }), 400, "translation file"],
    ["a file changed on disk since it was read", () => writes({ en: { base: "{}", text: null } }), 409, "en"],
    ["translations that are not an object of files", () => "pt-BR", 400, "must be an object"],
  ])("refuses %s, writing neither the survey nor any translation", async (_, translations, status, reason) => {
    const unchanged = files();
    const text = unchanged[0]!.replace("¿Cómo te llamas?", "¿Tu nombre?");
    const reply = await api("PUT", "surveys/trilingual.json", { base: unchanged[0], text, translations: translations() });
    expect(reply.status).toBe(status);
    expect(reply.body.message).toContain(reason);
    expect(files()).toEqual(unchanged);
  });

  test("a survey text with errors writes none of its translation files either", async () => {
    const unchanged = files();
    const reply = await api("PUT", "surveys/trilingual.json", { base: unchanged[0], text: unchanged[0]!.replace('"title": "¿Cómo te llamas?"', '"title": ""'), translations: writes({ en: { base: unchanged[2], text: null } }) });
    expect(reply.status).toBe(422);
    expect(files()).toEqual(unchanged);
  });

  test("a translation file that is a link leading out of surveys/ is refused, and what it leads to is untouched", async () => {
    const target = join(outside, "stolen.json");
    writeFileSync(target, '{ "texts": {} }\n');
    const english = readFileSync(translation("en"), "utf8");
    rmSync(translation("en"));
    symlinkSync(target, translation("en"));
    try {
      const unchanged = surveyText("trilingual.json");
      const reply = await api("PUT", "surveys/trilingual.json", { base: unchanged, text: unchanged, translations: { en: { base: '{ "texts": {} }\n', text: restoredPortuguese } } });
      expect(reply.status).toBe(403);
      expect(readFileSync(target, "utf8")).toBe('{ "texts": {} }\n');
      expect(surveyText("trilingual.json")).toBe(unchanged);
    } finally {
      rmSync(translation("en"));
      writeFileSync(translation("en"), english);
    }
  });

  test("a single translation saved from the panel into a file that is a link out of surveys/ is refused, and what it leads to is untouched", async () => {
    const target = join(outside, "linked.json");
    const english = readFileSync(translation("en"), "utf8");
    writeFileSync(target, english);
    rmSync(translation("en"));
    symlinkSync(target, translation("en"));
    try {
      const reply = await api("POST", "translations/trilingual.json/en", { pointer: "/questions/0/title", text: "Your name?" });
      expect(reply.status).toBe(403);
      expect(readFileSync(target, "utf8")).toBe(english);
    } finally {
      rmSync(translation("en"));
      writeFileSync(translation("en"), english);
    }
  });

  test("a translations folder that is a link leading out of surveys/ is refused, and the files it leads to are untouched", async () => {
    const folder = join(root, "surveys", "translations");
    const moved = join(outside, "translations-elsewhere");
    renameSync(folder, moved);
    symlinkSync(moved, folder, "dir");
    try {
      const english = readFileSync(translation("en"), "utf8");
      const unchanged = surveyText("trilingual.json");
      const reply = await api("PUT", "surveys/trilingual.json", { base: unchanged, text: unchanged, translations: { en: { base: english, text: restoredPortuguese } } });
      expect(reply.status).toBe(403);
      expect(readFileSync(join(moved, "trilingual.en.json"), "utf8")).toBe(english);
      const single = await api("POST", "translations/trilingual.json/en", { pointer: "/questions/0/title", text: "Your name?" });
      expect(single.status).toBe(403);
      expect(readFileSync(join(moved, "trilingual.en.json"), "utf8")).toBe(english);
    } finally {
      rmSync(folder);
      renameSync(moved, folder);
    }
  });

  test("one call writes the survey and each file byte for byte, and removes a file given as null", async () => {
    const [survey] = files();
    const text = survey!.replace("¿Cómo te llamas?", "¿Tu nombre?");
    const reply = await api("PUT", "surveys/trilingual.json", { base: survey, text, translations: writes({ en: { base: readFileSync(translation("en"), "utf8"), text: null } }) });
    expect(reply.status).toBe(200);
    expect(surveyText("trilingual.json")).toBe(text);
    expect(readFileSync(translation("pt-BR"), "utf8")).toBe(restoredPortuguese);
    expect(existsSync(translation("en"))).toBe(false);
  });
});
