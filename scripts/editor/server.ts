/**
 * The editor's local server: the editor page (built in memory by
 * editor-page.ts) and the survey API, on 127.0.0.1 only. Every request
 * passes request-guard.ts first; the page carries the per-run token.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_EDITOR_LANGUAGE, EDITOR_LANGUAGES, type EditorLanguage } from "../../src/editor/words/index.ts";
import { buildEditorPage } from "./editor-page.ts";
import { editorPageHeaders } from "./page-headers.ts";
import { checkRequest } from "./request-guard.ts";
import { answer, type Project } from "./survey-api.ts";
import { RefusedPath } from "./survey-paths.ts";

const MAX_BODY_BYTES = 5 * 1024 * 1024;
export interface EditorServer {
  url: string;
  token: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

/** A person who typed another address (localhost, a bookmark of an older run) reads where the editor is, in the editor's language, not raw JSON. */
function sendRefusalPage(response: ServerResponse, status: number, reason: string, address: string, language: EditorLanguage) {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" });
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const words = EDITOR_LANGUAGES[language];
  const { heading, before, after } = words.wrongAddress;
  response.end(`<!doctype html><html lang="${language}"><meta charset="utf-8"><title>${escape(words.title)}</title>
<h1>${escape(heading)}</h1>
<p>${escape(before)}<a href="${escape(address)}">${escape(address)}</a>${after}</p>
<p><small>${escape(reason)}</small></p></html>`);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new TypeError("the body is too large");
    chunks.push(chunk as Buffer);
  }
  if (!size) return {};
  const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new TypeError("the body must be a JSON object");
  return body;
}

export async function startEditorServer(project: Project, port = 0): Promise<EditorServer> {
  const token = randomBytes(24).toString("base64url");
  const language = project.language ?? DEFAULT_EDITOR_LANGUAGE;
  const page = await buildEditorPage(token, language);
  const pageHeaders = editorPageHeaders(page);
  let host = "";
  const server = createServer(async (request, response) => {
    const verdict = checkRequest(request, { host, token });
    if (!("url" in verdict)) {
      if (request.url?.startsWith("/api/")) return send(response, verdict.status, { message: verdict.message });
      return sendRefusalPage(response, verdict.status, verdict.message, `http://${host}/`, language);
    }
    const { url } = verdict;
    try {
      if (url.pathname.startsWith("/api/")) {
        const result = await answer(project, request.method!, url.pathname.slice("/api/".length), await readJson(request), url.searchParams);
        return send(response, result.status, result.body);
      }
      const file = page.get(url.pathname);
      if (!file || request.method !== "GET") return send(response, 404, { message: "not found" });
      response.writeHead(200, { ...pageHeaders, "content-type": file.type, "cache-control": "no-store" });
      response.end(file.content);
    } catch (error) {
      if (error instanceof RefusedPath) return send(response, 403, { message: error.message });
      if (error instanceof TypeError || error instanceof SyntaxError) return send(response, 400, { message: error.message });
      console.error("[editor]", error);
      send(response, 500, { message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `http://${host}/`,
    token,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
