/**
 * Serves the production build as a good static host does: brotli or gzip by
 * Accept-Encoding, long-lived caching for hashed assets (every build's
 * assets/ folder: the app's and the results site's, dist/resultados/assets/),
 * an ETag on everything else so that a browser's revalidation is a 304 (as
 * Netlify and other hosts answer), one prerendered HTML per route (dist/<route>/index.html), the 404 page with status 404, and the
 * headers the build wrote into dist/_headers (the security headers and each
 * page's Content-Security-Policy), as Netlify reads that file.
 */
import { createServer, type Server } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, relative, sep } from "node:path";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { headersFor, readHeaderRules } from "./security-headers/headers-file.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt"]);

type Encoded = { body: Buffer; encoding?: "br" | "gzip"; etag: string };

export interface StaticServerOptions {
  /**
   * Brotli's quality, 11 (the smallest, what a host precompressing at deploy sends) unless told. Quality 11
   * costs about half a second of CPU for the app's main script, paid on a server's first request for it; the
   * browser tests start some twenty servers and ask for 5 (10 ms, 10 % larger), as nothing there weighs bytes.
   */
  brotliQuality?: number;
}

export function createStaticServer(root: string, { brotliQuality = 11 }: StaticServerOptions = {}): Server {
  const cache = new Map<string, Encoded>();
  const headerRules = readHeaderRules(root);

  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

  function resolve(urlPath: string): { file: string; status: number } {
    const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
    const direct = join(root, clean);
    if (direct.startsWith(root) && isFile(direct)) return { file: direct, status: 200 };
    const route = join(root, clean, "index.html");
    if (route.startsWith(root) && isFile(route)) return { file: route, status: 200 };
    const notFound = join(root, "404.html");
    // Without a prerendered 404 page, the app shell renders its own 404 route.
    return isFile(notFound) ? { file: notFound, status: 404 } : { file: join(root, "index.html"), status: 200 };
  }

  function encoded(file: string, accept: string): Encoded {
    const ext = extname(file);
    const encoding = !COMPRESSIBLE.has(ext) ? undefined : /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : undefined;
    const key = `${file}:${encoding ?? "identity"}`;
    let entry = cache.get(key);
    if (!entry) {
      const raw = readFileSync(file);
      const body = encoding === "br" ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }) : encoding === "gzip" ? gzipSync(raw, { level: 9 }) : raw;
      entry = { body, encoding, etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"` };
      cache.set(key, entry);
    }
    return entry;
  }

  return createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const { file, status } = resolve(url.pathname);
    const { body, encoding, etag } = encoded(file, String(request.headers["accept-encoding"] ?? ""));
    // Vite names every file of a build's assets/ folder by its content's hash.
    const hashed = relative(root, file).split(sep).slice(0, -1).includes("assets");
    const unchanged = status === 200 && !hashed && request.headers["if-none-match"] === etag;
    response.writeHead(unchanged ? 304 : status, {
      ...headersFor(headerRules, url.pathname),
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      ...(!unchanged && { "Content-Length": body.length }),
      "Cache-Control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
      ...(!hashed && { ETag: etag }),
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    response.end(request.method === "HEAD" || unchanged ? undefined : body);
  });
}

export function serveDist(root: string, port: number, host = "127.0.0.1", options: StaticServerOptions = {}): Promise<Server> {
  const server = createStaticServer(root, options);
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}
