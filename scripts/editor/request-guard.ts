/**
 * What every request to the editor's server must show before anything is
 * read or written: the server's own Host (a DNS-rebinding page has another
 * name in it), no Origin but its own (another site open in the same browser),
 * and for the API the per-run token, which only the page this server served
 * holds (other origins cannot read that page), and JSON bodies only (a plain
 * HTML form cannot send them).
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const TOKEN_HEADER = "x-editor-token";

export interface GuardSettings {
  /** "127.0.0.1:<port>", the only Host the server answers. */
  host: string;
  token: string;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Why the request is refused, or undefined when it may go on. */
export function refusal(request: IncomingMessage, { host, token }: GuardSettings): string | undefined {
  if (request.headers.host !== host) return `Host "${request.headers.host ?? ""}" is not this editor's (${host})`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return `Origin "${origin}" is not this editor's (http://${host})`;
  if (!request.url?.startsWith("/api/")) return undefined;
  const sent = request.headers[TOKEN_HEADER];
  if (typeof sent !== "string" || !sameText(sent, token)) return "missing or wrong editor token (open the editor from the address npm run edit printed)";
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (hasBody && type !== "application/json") return `only JSON bodies are accepted (Content-Type: application/json), not "${type ?? "none"}"`;
  return undefined;
}
