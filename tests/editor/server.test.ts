/**
 * The editor's server against real requests: it serves its page and API to
 * itself only, and every way out of surveys/ or in from elsewhere is refused
 * with nothing written.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";
import { translationProblems } from "../../scripts/lib/translation-checks.ts";
import { fingerprintOf } from "../../src/core/translations.ts";

let root: string;
let outside: string;
let editor: EditorServer;
let host: string;

interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Sends `path` as the request target exactly as written (a URL string would be normalised by Node first). */
function call(method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const { hostname, port } = new URL(editor.url);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, method, headers: { host, ...headers } }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: response.statusCode!, body: parsed, text, headers: response.headers });
      });
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(method, `/api/${path}`, {
    headers: { "x-editor-token": editor.token, ...(body !== undefined && { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const surveyText = (name: string) => readFileSync(join(root, "surveys", name), "utf8");

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "rmj-editor-"));
  outside = mkdtempSync(join(tmpdir(), "rmj-outside-"));
  for (const folder of ["surveys", "supabase"]) cpSync(folder, join(root, folder), { recursive: true });
  writeFileSync(join(outside, "secret.json"), '{"secret": true}\n');
  symlinkSync(join(outside, "secret.json"), join(root, "surveys", "leak.json"));
  editor = await startEditorServer({ root });
  host = new URL(editor.url).host;
}, 60_000);

afterAll(async () => {
  await editor?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("the editor's server", () => {
  test("listens on 127.0.0.1 and serves its page with this run's token", async () => {
    expect(new URL(editor.url).hostname).toBe("127.0.0.1");
    const page = await call("GET", "/");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`content="${editor.token}"`);
  });

  test("sends its page under a strict Content-Security-Policy: its own scripts, styles and API only, in no frame", async () => {
    const { headers } = await call("GET", "/");
    const policy = String(headers["content-security-policy"]);
    expect(policy).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self'( 'sha256-[^']+')*; connect-src 'self'; img-src 'self' data:;/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  test("lists the survey files, without the schema or a symlink leading out", async () => {
    const list = await api("GET", "surveys");
    expect(list.body.names).toEqual(["foreign-form.json", "medical-form.json"]);
  });

  test("saves a valid change made to the text it started from", async () => {
    const base = surveyText("medical-form.json");
    const text = base.replace('"pageTitle": "', '"pageTitle": "Nuevo ');
    const saved = await api("PUT", "surveys/medical-form.json", { base, text });
    expect(saved.status).toBe(200);
    expect(surveyText("medical-form.json")).toBe(text);
    await api("PUT", "surveys/medical-form.json", { base: text, text: base });
  });

  test("refuses to save a survey with an error, and names it", async () => {
    const base = surveyText("medical-form.json");
    const text = base.replace(/"title": "[^"]*"/, '"title": ""');
    const refused = await api("PUT", "surveys/medical-form.json", { base, text });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual({ pointer: "/questions/0/title", message: "must not be empty" });
    expect(surveyText("medical-form.json")).toBe(base);
  });

  test("refuses to save over a file that changed on disk since it was read, and returns the disk's version", async () => {
    const base = surveyText("medical-form.json");
    const refused = await api("PUT", "surveys/medical-form.json", { base: `${base} `, text: base.replace("{", "{ ") });
    expect(refused.status).toBe(409);
    expect(refused.body.disk).toBe(base);
    expect(surveyText("medical-form.json")).toBe(base);
  });
});

describe("the editor's server refuses, writing nothing,", () => {
  const valid = () => ({ base: surveyText("foreign-form.json"), text: surveyText("foreign-form.json") });
  const before = () => [surveyText("foreign-form.json"), readFileSync(join(outside, "secret.json"), "utf8"), readFileSync("package.json", "utf8")];

  test.each([
    ["a path with ../", `surveys/${encodeURIComponent("../package.json")}`],
    ["a path with ../ inside surveys/", `surveys/${encodeURIComponent("../surveys/foreign-form.json")}`],
    ["an absolute path", `surveys/${encodeURIComponent(join(process.cwd(), "surveys", "foreign-form.json"))}`],
    ["a symlink leading out of surveys/", "surveys/leak.json"],
    ["the schema", "surveys/survey.schema.json"],
  ])("%s", async (_, path) => {
    const unchanged = before();
    for (const method of ["GET", "PUT"]) {
      const reply = await api(method, path, method === "PUT" ? { base: '{"secret": true}\n', text: "{}" } : undefined);
      expect(reply.status).toBe(403);
      expect(reply.text).not.toContain("secret");
    }
    expect(before()).toEqual(unchanged);
  });

  test("a request with another Host (DNS rebinding), even for the page", async () => {
    const unchanged = before();
    for (const path of ["/", "/api/surveys"]) expect((await call("GET", path, { headers: { host: "evil.example:80", "x-editor-token": editor.token } })).status).toBe(403);
    expect((await api("PUT", "surveys/foreign-form.json", valid(), { host: "evil.example" })).status).toBe(403);
    expect(before()).toEqual(unchanged);
  });

  test("a request from another Origin", async () => {
    const unchanged = before();
    const reply = await api("PUT", "surveys/foreign-form.json", valid(), { origin: "http://evil.example" });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toContain("Origin");
    expect(before()).toEqual(unchanged);
  });

  test("an API request without this run's token, or with another", async () => {
    const unchanged = before();
    for (const token of [undefined, "guessed"]) {
      const headers: Record<string, string> = { "content-type": "application/json", ...(token && { "x-editor-token": token }) };
      const reply = await call("PUT", "/api/surveys/foreign-form.json", { headers, body: JSON.stringify(valid()) });
      expect(reply.status).toBe(403);
      expect(reply.body.message).toContain("token");
    }
    expect(before()).toEqual(unchanged);
  });

  test("a WebSocket (what Storybook's CVE-2026-27148 let other sites open): there is none", async () => {
    const reply = await call("GET", "/", { headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" } }).catch(() => ({ status: 0 }));
    expect(reply.status).not.toBe(101);
  });

  test("a body that is not JSON (what an HTML form on another site can send)", async () => {
    const unchanged = before();
    const reply = await call("PUT", "/api/surveys/foreign-form.json", { headers: { "x-editor-token": editor.token, "content-type": "text/plain" }, body: JSON.stringify(valid()) });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toContain("JSON");
    expect(before()).toEqual(unchanged);
  });

  /** Every file under the project copy with its contents: what a write or a codegen run would change. */
  const tree = () => readdirSync(root, { recursive: true, encoding: "utf8" }).sort().map((name) => {
    try {
      return `${name}\n${readFileSync(join(root, name), "utf8")}`;
    } catch {
      return name;
    }
  });

  test.each([
    ["a target with ./ and no token, as plain text", "PUT", "/./api/surveys/foreign-form.json", { "content-type": "text/plain" }],
    ["a target with ../", "PUT", "/x/../api/surveys/foreign-form.json", { "content-type": "text/plain" }],
    ["a target with percent-encoded dots", "PUT", "/x/%2e%2e/api/surveys/foreign-form.json", { "content-type": "text/plain" }],
    ["a target with backslashes", "PUT", "/x\\..\\api/surveys/foreign-form.json", { "content-type": "text/plain" }],
    ["a target with a doubled slash", "PUT", "//api/surveys/foreign-form.json", { "content-type": "text/plain" }],
    ["an absolute-form target", "PUT", "absolute", { "content-type": "text/plain" }],
    ["a database-files run through ./", "POST", "/./api/database-files", {}],
    ["a database-files run through an absolute-form target", "POST", "absolute-database-files", {}],
  ] as const)("%s", async (_, method, target, headers) => {
    const path = target === "absolute" ? `${editor.url}api/surveys/foreign-form.json` : target === "absolute-database-files" ? `${editor.url}api/database-files` : target;
    const unchanged = tree();
    const body = method === "PUT" ? JSON.stringify({ base: surveyText("foreign-form.json"), text: surveyText("foreign-form.json").replace("{", "{ ") }) : undefined;
    const reply = await call(method, path, { headers: { ...headers }, body });
    expect([400, 403]).toContain(reply.status);
    expect(reply.text).toContain("normal form");
    expect(tree()).toEqual(unchanged);
  });

  test("a browser that opens the editor at another address reads where it is, as a page, not raw JSON", async () => {
    const reply = await call("GET", "/", { headers: { host: `localhost:${new URL(editor.url).port}` } });
    expect(reply.status).toBe(403);
    expect(reply.text).toContain("<!doctype html>");
    expect(reply.text).toContain(`href="${editor.url}"`);
  });
});

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
