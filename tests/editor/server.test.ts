/**
 * The editor's server against real requests: it serves its page and API to
 * itself only, and every way out of surveys/ or in from elsewhere is refused
 * with nothing written.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startEditorServer } from "../../scripts/editor/server.ts";
import { api, call, editor, outside, root, startEditorForTests, surveyText } from "./support/editor-server.ts";

startEditorForTests();

describe("the editor's server", () => {
  test("listens on 127.0.0.1 and serves its page with this run's token", async () => {
    expect(new URL(editor.url).hostname).toBe("127.0.0.1");
    const page = await call("GET", "/");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`content="${editor.token}"`);
  });

  test("a second server of the same process (its page built once) serves its own token and language, and the first keeps its own", async () => {
    const second = await startEditorServer({ root, language: "es" });
    try {
      const page = await (await fetch(second.url)).text();
      expect(second.token).not.toBe(editor.token);
      expect(page).toContain(`content="${second.token}"`);
      expect(page).not.toContain(editor.token);
      expect(page).toContain('lang="es"');
      const first = (await call("GET", "/")).text;
      expect(first).toContain(`content="${editor.token}"`);
      expect(first).not.toContain(second.token);
    } finally {
      await second.close();
    }
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
