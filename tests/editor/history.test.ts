/**
 * "Save and record" and the History panel's server side, on a real git
 * repository: one commit holds the survey, its translations and its
 * generated files and nothing else the working tree has; its message says what changed; an
 * earlier version reads back byte for byte, and a restore of it saves its
 * translation files with it. Outside git, saving still works.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";

let root: string;
let editor: EditorServer;
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
const surveyText = () => readFileSync(join(root, "surveys", "foreign-form.json"), "utf8");

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${editor.url}api/${path}`, {
    method,
    headers: { "x-editor-token": editor.token, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "rmj-history-"));
  for (const folder of ["surveys", "supabase", "src/generated"]) cpSync(folder, join(root, folder), { recursive: true });
  writeFileSync(join(root, "notes.txt"), "team notes\n");
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=Ana", "-c", "user.email=ana@example.com", "commit", "--quiet", "-m", "start");
  editor = await startEditorServer({ root, language: "en" });
}, 60_000);

afterAll(async () => {
  await editor?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("Save and record", () => {
  test("commits only the survey and its generated files, with a message naming the changes, leaving unrelated work alone", async () => {
    writeFileSync(join(root, "notes.txt"), "team notes, changed\n");
    writeFileSync(join(root, "staged.txt"), "staged elsewhere\n");
    git("add", "staged.txt");
    const base = surveyText();
    const text = base
      .replace('"title": "¿Cuál es tu nombre completo?"', '"title": "¿Cómo te llamas?"')
      .replace('"Masculino",', '{ "value": "Masculino", "label": "Hombre" },')
      .replace('"Sí, me encantaría",', '"Tal vez",\n        "Sí, me encantaría",');
    expect(text).not.toBe(base);
    const recorded = await api("POST", "record/foreign-form.json", { base, text });
    expect(recorded.status).toBe(200);
    expect(surveyText()).toBe(text);
    const files = git("show", "--name-only", "--format=", "HEAD").trim().split("\n");
    expect(files).toContain("surveys/foreign-form.json");
    expect(files.some((file) => file.startsWith("supabase/migrations/") && file.endsWith("_forms_estrangeiros.sql"))).toBe(true);
    expect(files.every((file) => file === "surveys/foreign-form.json" || file.startsWith("src/generated/") || file.startsWith("supabase/migrations/"))).toBe(true);
    expect(files.some((file) => file.includes("medical_form_responses"))).toBe(false);
    const message = git("log", "-1", "--format=%B");
    expect(message).toContain("foreign-form: ");
    expect(message).toContain('option "Masculino" shown as "Hombre"');
    expect(message).toMatch(/question \d+: new option "Tal vez"/);
    expect(message).toContain("question 1 title");
    // What else the working tree had is still there, uncommitted.
    expect(git("status", "--porcelain", "--", "notes.txt", "staged.txt")).toBe(" M notes.txt\nA  staged.txt\n");
  }, 60_000);

  test("the history lists the commit (when, who, what) and reads back any earlier version byte for byte, with its diff", async () => {
    const history = await api("GET", "history/foreign-form.json");
    expect(history.body.repository).toBe(true);
    expect(history.body.entries.map((entry: { message: string }) => entry.message.split("\n")[0])).toEqual([expect.stringContaining("foreign-form: "), "start"]);
    const [latest, first] = history.body.entries;
    expect(first.who).toBe("Ana");
    expect(Number.isNaN(Date.parse(latest.when))).toBe(false);
    const original = await api("GET", `version/foreign-form.json?commit=${first.commit}`);
    expect(original.body.text).toBe(git("show", `${first.commit}:surveys/foreign-form.json`));
    const changes = await api("GET", `version/foreign-form.json?commit=${latest.commit}`);
    expect(changes.body.diff).toMatch(/^-.*¿Cuál es tu nombre completo\?/m);
    expect(changes.body.diff).toMatch(/^\+.*¿Cómo te llamas\?/m);
  });

  test("restoring an earlier version and saving it writes that version byte for byte", async () => {
    const [, first] = (await api("GET", "history/foreign-form.json")).body.entries;
    const { text } = (await api("GET", `version/foreign-form.json?commit=${first.commit}`)).body;
    const saved = await api("PUT", "surveys/foreign-form.json", { base: surveyText(), text });
    expect(saved.status).toBe(200);
    expect(surveyText()).toBe(git("show", `${first.commit}:surveys/foreign-form.json`));
  });

  test("an unknown or malformed commit is answered 404, naming it", async () => {
    for (const commit of ["0000000", "HEAD~1", "--output=/tmp/x"]) expect((await api("GET", `version/foreign-form.json?commit=${encodeURIComponent(commit)}`)).status).toBe(404);
  });

  test("a translation saved from the panel is recorded with its survey: only the translation file, the message naming its language, in the survey's history", async () => {
    cpSync("tests/fixtures/surveys/trilingual", join(root, "surveys"), { recursive: true });
    git("add", "surveys");
    git("-c", "user.name=Ana", "-c", "user.email=ana@example.com", "commit", "--quiet", "-m", "trilingual");
    const saved = await api("POST", "translations/trilingual.json/pt-BR", { pointer: "/questions/0/title", text: "Como você se chama?" });
    expect(saved.status).toBe(200);
    const survey = readFileSync(join(root, "surveys", "trilingual.json"), "utf8");
    const recorded = await api("POST", "record/trilingual.json", { base: survey, text: survey });
    expect(recorded.body).toMatchObject({ committed: true, message: "trilingual: translations: pt-BR" });
    const files = git("show", "--name-only", "--format=", "HEAD").trim().split("\n");
    expect(files).toContain("surveys/translations/trilingual.pt-BR.json");
    expect(files.filter((file) => file.startsWith("surveys/"))).toEqual(["surveys/translations/trilingual.pt-BR.json"]);
    const [latest] = (await api("GET", "history/trilingual.json")).body.entries;
    expect(latest.message).toBe("trilingual: translations: pt-BR");
    const { diff } = (await api("GET", `version/trilingual.json?commit=${latest.commit}`)).body;
    expect(diff).toMatch(/^-.*"Qual é o seu nome\?"/m);
    expect(diff).toMatch(/^\+.*"Como você se chama\?"/m);
  }, 60_000);
});

describe("restoring a version", () => {
  const trilingual = () => readFileSync(join(root, "surveys", "trilingual.json"), "utf8");
  const translationFile = (language: string) => join(root, "surveys", "translations", `trilingual.${language}.json`);
  const onDisk = (language: string) => (existsSync(translationFile(language)) ? readFileSync(translationFile(language), "utf8") : null);
  let bilingual: string;

  // Follows "Save and record": the trilingual survey is committed there.
  beforeAll(async () => {
    // A version in two languages (no English file), then one in three with a pt-BR title translated anew.
    const three = trilingual();
    rmSync(translationFile("en"));
    const two = three.replace('"languages": ["es", "pt-BR", "en"]', '"languages": ["es", "pt-BR"]');
    expect((await api("POST", "record/trilingual.json", { base: three, text: two })).status).toBe(200);
    expect(git("show", "--name-status", "--format=", "HEAD")).toContain("D\tsurveys/translations/trilingual.en.json");
    bilingual = git("rev-parse", "HEAD").trim();
    cpSync("tests/fixtures/surveys/trilingual/translations/trilingual.en.json", translationFile("en"));
    expect((await api("POST", "translations/trilingual.json/pt-BR", { pointer: "/questions/0/title", text: "Seu nome, por favor?" })).status).toBe(200);
    expect((await api("POST", "record/trilingual.json", { base: two, text: three })).status).toBe(200);
  }, 60_000);

  test("the version carries its translation files as they were (null for one it did not have) and those on disk now", async () => {
    const version = (await api("GET", `version/trilingual.json?commit=${bilingual}`)).body;
    expect(version.translations).toEqual({ "pt-BR": git("show", `${bilingual}:surveys/translations/trilingual.pt-BR.json`), en: null });
    expect(version.translations["pt-BR"]).toContain("Como você se chama?");
    expect(version.translationsOnDisk).toEqual({ "pt-BR": onDisk("pt-BR"), en: onDisk("en") });
    expect(version.translationsOnDisk["pt-BR"]).toContain("Seu nome, por favor?");
  });

  test("its translations read as rows beside the texts it restores, before anything is saved", async () => {
    const version = (await api("GET", `version/trilingual.json?commit=${bilingual}`)).body;
    const rows = await api("POST", "translation-rows/trilingual.json", { text: version.text, language: "pt-BR", translation: version.translations["pt-BR"] });
    expect(rows.body.rows.find((row: { pointer: string }) => row.pointer === "/questions/0/title")).toMatchObject({ source: "¿Cómo te llamas?", text: "Como você se chama?", stale: false });
    expect(onDisk("pt-BR")).toContain("Seu nome, por favor?");
  });

  test("a save over a translation file that changed since it was read writes nothing, naming the language", async () => {
    const version = (await api("GET", `version/trilingual.json?commit=${bilingual}`)).body;
    const [survey, portuguese] = [trilingual(), onDisk("pt-BR")];
    const saved = await api("PUT", "surveys/trilingual.json", { base: survey, text: version.text, translations: { "pt-BR": { base: "{}", text: version.translations["pt-BR"] }, en: { base: onDisk("en"), text: null } } });
    expect(saved.status).toBe(409);
    expect(saved.body.translations).toEqual(["pt-BR"]);
    expect([trilingual(), onDisk("pt-BR"), onDisk("en") !== null]).toEqual([survey, portuguese, true]);
    const elsewhere = await api("PUT", "surveys/trilingual.json", { base: survey, text: version.text, translations: { fr: { base: null, text: "{}" } } });
    expect(elsewhere.status).toBe(400);
    expect(existsSync(join(root, "surveys", "translations", "trilingual.fr.json"))).toBe(false);
  });

  test("saving the restore writes the survey and its translation files byte for byte, removes the one it did not have, and records as one commit", async () => {
    const version = (await api("GET", `version/trilingual.json?commit=${bilingual}`)).body;
    const translations = Object.fromEntries(Object.keys(version.translations).map((language) => [language, { base: version.translationsOnDisk[language], text: version.translations[language] }]));
    const saved = await api("POST", "record/trilingual.json", { base: trilingual(), text: version.text, translations });
    expect(saved.status).toBe(200);
    expect(trilingual()).toBe(git("show", `${bilingual}:surveys/trilingual.json`));
    expect(onDisk("pt-BR")).toBe(git("show", `${bilingual}:surveys/translations/trilingual.pt-BR.json`));
    expect(onDisk("en")).toBeNull();
    const files = git("show", "--name-status", "--format=", "HEAD").trim().split("\n");
    expect(files.filter((line) => line.includes("surveys/")).sort()).toEqual(["D\tsurveys/translations/trilingual.en.json", "M\tsurveys/translations/trilingual.pt-BR.json", "M\tsurveys/trilingual.json"]);
    expect(git("status", "--porcelain", "--", "surveys")).toBe("");
  }, 60_000);
});

describe("outside a git repository", () => {
  test("the history says so and Save still writes the file", async () => {
    const plain = mkdtempSync(join(tmpdir(), "rmj-plain-"));
    cpSync("surveys", join(plain, "surveys"), { recursive: true });
    cpSync("supabase", join(plain, "supabase"), { recursive: true });
    const other = await startEditorServer({ root: plain, language: "en" });
    try {
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${other.url}api/${path}`, { method, headers: { "x-editor-token": other.token, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
      expect((await call("GET", "history/foreign-form.json")).body).toEqual({ repository: false, entries: [] });
      const base = readFileSync(join(plain, "surveys", "foreign-form.json"), "utf8");
      const text = base.replace('"pageTitle": "', '"pageTitle": "Nuevo ');
      const recorded = await call("POST", "record/foreign-form.json", { base, text });
      expect(recorded.status).toBe(409);
      expect(recorded.body.repository).toBe(false);
      expect((await call("PUT", "surveys/foreign-form.json", { base, text })).status).toBe(200);
      expect(readFileSync(join(plain, "surveys", "foreign-form.json"), "utf8")).toBe(text);
    } finally {
      await other.close();
      rmSync(plain, { recursive: true, force: true });
    }
  }, 60_000);
});
