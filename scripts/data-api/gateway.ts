// The HTTP front door, standing in for the Kong gateway of a Supabase stack: the
// same URL layout (/rest/v1/* → PostgREST), the same apikey handling and the same
// CORS behaviour, so that unchanged supabase-js code talks to it. Like that
// gateway it refuses requests without a project key, caps the body size, and
// appends the client address to X-Forwarded-For as a trusted proxy does (the
// database's rate limit keys on that rightmost entry).
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { HOST, listen } from "./ports.ts";
import { localUser } from "./local-auth-user.ts";

const REST_PREFIX = "/rest/v1";

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "Content-Range, Content-Location, Content-Profile, Location, Preference-Applied, Range-Unit",
};

const ALLOWED_REQUEST_HEADERS = [
  "authorization",
  "apikey",
  "content-type",
  "prefer",
  "x-client-info",
  "accept-profile",
  "content-profile",
  "range",
  "accept",
];

// Per RFC 9110 these describe one connection and must not be forwarded.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

/** nginx's default client_max_body_size; one survey response is a few kilobytes. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const KEEP_ALIVE_MS = 60_000;

export interface GatewayOptions {
  /** Returns the port of the running PostgREST, or null while it is stopped. */
  upstreamPort: () => number | null;
  /** The keys accepted in `apikey` (the project's anon and service_role keys). */
  apiKeys: readonly string[];
  maxBodyBytes: number;
}

export interface Gateway {
  readonly url: string;
  close(): Promise<void>;
}

class BodyTooLargeError extends Error {}

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { ...CORS_HEADERS, "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  // Like Kong's cors plugin, also allow whatever else the browser asks for.
  const requested = (req.headers["access-control-request-headers"] ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && !ALLOWED_REQUEST_HEADERS.includes(name));
  res.writeHead(200, {
    ...CORS_HEADERS,
    "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
    "access-control-allow-headers": [...ALLOWED_REQUEST_HEADERS, ...requested].join(", "),
    "access-control-max-age": "3600",
    "content-length": "0",
  });
  res.end();
}

/** The key as Kong's key-auth reads it: the `apikey` header, else the `apikey` query parameter. */
function apiKeyOf(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.apikey;
  if (typeof header === "string") return header;
  return url.searchParams.get("apikey");
}

/**
 * The path for PostgREST: `rest` (the URL after the gateway prefix) as the client
 * wrote it, less an apikey parameter, which PostgREST would read as a column filter.
 */
function upstreamPath(rest: string, url: URL): string {
  const path = rest.startsWith("/") ? rest : `/${rest}`;
  if (!url.searchParams.has("apikey")) return path;
  url.searchParams.delete("apikey");
  return `${url.pathname.slice(REST_PREFIX.length) || "/"}${url.search}`;
}

function forwardedHeaders(req: IncomingMessage, apikey: string, body: Buffer): IncomingHttpHeaders {
  const result = Object.fromEntries(
    Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
  );
  // Supabase's gateway authenticates a request by its apikey when it carries no JWT.
  result.authorization ??= `Bearer ${apikey}`;
  // What the client wrote stays on the left; only the rightmost entry, the address
  // this gateway saw, can be trusted.
  const client = req.socket.remoteAddress ?? "unknown";
  const claimed = req.headers["x-forwarded-for"];
  result["x-forwarded-for"] = claimed ? `${claimed}, ${client}` : client;
  // The body was read whole, so its length is known (a chunked upload included).
  result["content-length"] = String(body.length);
  return result;
}

/** The request body, or BodyTooLargeError as soon as it exceeds `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"]) > limit) {
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        reject(new BodyTooLargeError());
      } else chunks.push(chunk);
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

function refuseBody(res: ServerResponse, limit: number): void {
  // The rest of the upload is not read: closing the connection ends it.
  res.setHeader("connection", "close");
  sendJson(res, 413, {
    message: `Request body too large: the limit is ${limit} bytes.`,
    hint: "Send one survey response per request.",
  });
}

/** Errors of a kept connection that PostgREST had already closed (it died, or let it go idle) before any byte of an answer. */
const CLOSED_KEPT_CONNECTION = new Set(["ECONNRESET", "EPIPE"]);

function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  newConnection = false,
): void {
  const upstream = request(
    { host: HOST, port, path, method: req.method, headers, ...(newConnection ? { agent: false } : {}) },
    (upstreamRes) => {
      const headers = Object.fromEntries(
        Object.entries(upstreamRes.headers).filter(
          // PostgREST's own CORS headers are replaced by the gateway's.
          ([name]) => !HOP_BY_HOP.has(name) && !name.startsWith("access-control-"),
        ),
      );
      res.writeHead(upstreamRes.statusCode ?? 502, { ...headers, ...CORS_HEADERS });
      upstreamRes.pipe(res);
      upstreamRes.once("error", () => res.destroy());
    },
  );
  upstream.once("error", (error: NodeJS.ErrnoException) => {
    if (res.headersSent) res.destroy();
    // Sent on a kept connection PostgREST had closed: it never reached a running PostgREST, so it goes once more on a
    // connection of its own, as Node's documentation advises (request.reusedSocket). Seen when PostgREST was killed
    // and the next request took its last connection before the gateway saw it close: a 502 instead of the 503 below.
    else if (!newConnection && upstream.reusedSocket && CLOSED_KEPT_CONNECTION.has(error.code ?? "")) proxy(req, res, port, path, headers, body, true);
    // Refused: PostgREST died a moment ago and is being restarted.
    else if (error.code === "ECONNREFUSED") sendUnavailable(res);
    else
      sendJson(res, 502, { message: "An invalid response was received from the upstream server" });
  });
  // A client that goes away must not leave the PostgREST request running.
  res.once("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.end(body);
}

function sendUnavailable(res: ServerResponse): void {
  res.setHeader("retry-after", "1");
  sendJson(res, 503, { message: "The data API is not running: PostgREST is stopped." });
}

/** Starts the gateway on HOST:port (0 = a free port). */
export async function startGateway(port: number, options: GatewayOptions): Promise<Gateway> {
  const { upstreamPort, apiKeys, maxBodyBytes } = options;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
      return answerPreflight(req, res);
    }
    // Not Supabase Auth: the local sign-in links' tokens, described (local-auth-user.ts).
    if (url.startsWith("/auth/v1/user") && req.method === "GET") {
      const [status, body] = localUser(req.headers.authorization);
      return sendJson(res, status, body);
    }
    const rest = url.slice(REST_PREFIX.length);
    if (!url.startsWith(REST_PREFIX) || !/^($|[/?])/.test(rest)) {
      return sendJson(res, 404, { message: "no Route matched with those values" });
    }
    const parsed = new URL(url, "http://gateway");
    // The messages of Supabase's hosted gateway.
    const apikey = apiKeyOf(req, parsed);
    if (apikey === null) {
      return sendJson(res, 401, {
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
    }
    if (!apiKeys.includes(apikey)) {
      return sendJson(res, 401, {
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
    }
    let body: Buffer;
    try {
      body = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuseBody(res, maxBodyBytes);
      // The client went away mid-upload: nobody is left to answer.
      return res.destroy();
    }
    const target = upstreamPort();
    if (target === null) return sendUnavailable(res);
    proxy(req, res, target, upstreamPath(rest, parsed), forwardedHeaders(req, apikey, body), body);
  };
  const server = createServer((req, res) => void handle(req, res));
  // Node closes an idle connection after 5 s; a Node client (the report, the worker) whose event loop was busy longer
  // than that sends its next request on the connection already closed, and fetch fails (UND_ERR_SOCKET). A minute, as
  // hosted gateways keep, is longer than any such stall (clients read the Keep-Alive hint and stop reusing before it).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
  const bound = await listen(server, port);
  return {
    url: `http://${HOST}:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Keep-alive clients would otherwise hold the server open.
        server.closeAllConnections();
      }),
  };
}
