/**
 * The editor's server, started for a test file on a copy of surveys/ and
 * supabase/ in a temporary folder (with a symlink leading out of it, to a
 * file the server must never read or write), and plain HTTP calls to it that
 * send the request target exactly as written. Call startEditorForTests() at
 * the top of a test file; the bindings below are set once it has started.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startEditorServer, type EditorServer } from "../../../scripts/editor/server.ts";

export let root: string;
export let outside: string;
export let editor: EditorServer;
export let host: string;

export interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Sends `path` as the request target exactly as written (a URL string would be normalised by Node first). */
export function call(method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
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

export const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(method, `/api/${path}`, {
    headers: { "x-editor-token": editor.token, ...(body !== undefined && { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export const surveyText = (name: string) => readFileSync(join(root, "surveys", name), "utf8");

/** Starts the server before the file's tests and removes its folders after. */
export function startEditorForTests(): void {
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
}
