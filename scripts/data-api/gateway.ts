// The HTTP front door, standing in for the Kong gateway of a Supabase stack: the
// same URL layout (/rest/v1/* → PostgREST), the same apikey handling and the same
// CORS behaviour, so that unchanged supabase-js code talks to it.
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { HOST, listen } from "./ports.ts";

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

export interface Gateway {
  readonly url: string;
  close(): Promise<void>;
}

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

function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const result = Object.fromEntries(
    Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
  );
  // As a trusted proxy does: the address this request came from is appended, so the
  // rightmost entry is the one the database can trust (the rate limit keys on it).
  const client = req.socket.remoteAddress ?? "";
  const earlier = req.headers["x-forwarded-for"];
  result["x-forwarded-for"] = earlier ? `${earlier}, ${client}` : client;
  // Supabase's gateway authenticates a request by its apikey when it carries no JWT.
  if (!result.authorization && typeof result.apikey === "string") {
    result.authorization = `Bearer ${result.apikey}`;
  }
  return result;
}

function proxy(req: IncomingMessage, res: ServerResponse, port: number, path: string): void {
  const upstream = request(
    { host: HOST, port, path, method: req.method, headers: forwardedHeaders(req) },
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
  upstream.once("error", () => {
    if (res.headersSent) res.destroy();
    else
      sendJson(res, 502, { message: "An invalid response was received from the upstream server" });
  });
  // A client that goes away must not leave the PostgREST request running.
  res.once("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/**
 * Starts the gateway on HOST:port (0 = a free port). `upstreamPort` returns the
 * port of the running PostgREST, or null while it is stopped.
 */
export async function startGateway(
  port: number,
  upstreamPort: () => number | null,
): Promise<Gateway> {
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
      return answerPreflight(req, res);
    }
    const rest = url.slice(REST_PREFIX.length);
    if (!url.startsWith(REST_PREFIX) || !/^($|[/?])/.test(rest)) {
      return sendJson(res, 404, { message: "no Route matched with those values" });
    }
    const target = upstreamPort();
    if (target === null) {
      return sendJson(res, 503, { message: "The data API is not running: PostgREST is stopped." });
    }
    proxy(req, res, target, rest.startsWith("/") ? rest : `/${rest}`);
  });
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
