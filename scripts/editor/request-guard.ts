/**
 * What every request to the editor's server must show before anything is
 * read or written: a request target in normal origin form, the server's own
 * Host (a DNS-rebinding page has another name in it), no Origin but its own
 * (another site open in the same browser), and for the API the per-run
 * token, which only the page this server served holds (other origins cannot
 * read that page), and JSON bodies only (a plain HTML form cannot send them).
 *
 * The guard parses the target once and hands the router that same URL, so
 * the path it checked is the path that is served: a target the URL parser
 * would rewrite (`/./api/…`, `/x/../api/…`, `%2e%2e`, backslashes, an
 * absolute-form `http://host/api/…`) is refused rather than normalised.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const TOKEN_HEADER = "x-editor-token";

export interface GuardSettings {
  /** "127.0.0.1:<port>", the only Host the server answers. */
  host: string;
  token: string;
}

export type GuardVerdict = { url: URL } | { status: 400 | 403; message: string };

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The target as the router will read it, or undefined when it is not in normal origin form. */
export function normalTarget(target: string | undefined, host: string): URL | undefined {
  if (!target?.startsWith("/") || target.startsWith("//")) return undefined;
  let url: URL;
  try {
    url = new URL(target, `http://${host}`);
  } catch {
    return undefined;
  }
  return url.pathname + url.search === target ? url : undefined;
}

/** The URL to route when the request may go on, else the status and reason to refuse it with. */
export function checkRequest(request: IncomingMessage, { host, token }: GuardSettings): GuardVerdict {
  const url = normalTarget(request.url, host);
  if (!url) return { status: 400, message: `the request target "${request.url ?? ""}" is not in normal form (a path such as /api/surveys, without ./, ../ or a scheme)` };
  if (request.headers.host !== host) return { status: 403, message: `Host "${request.headers.host ?? ""}" is not this editor's (${host})` };
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return { status: 403, message: `Origin "${origin}" is not this editor's (http://${host})` };
  if (!url.pathname.startsWith("/api/")) return { url };
  const sent = request.headers[TOKEN_HEADER];
  if (typeof sent !== "string" || !sameText(sent, token)) return { status: 403, message: "missing or wrong editor token (open the editor from the address npm run edit printed)" };
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (hasBody && type !== "application/json") return { status: 403, message: `only JSON bodies are accepted (Content-Type: application/json), not "${type ?? "none"}"` };
  return { url };
}
