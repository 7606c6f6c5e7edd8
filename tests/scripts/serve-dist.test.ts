// scripts/serve-dist.ts as a browser meets it on a second visit: a hashed
// asset of any build (the results site's dist/resultados/assets/ too) is
// kept for a year and never asked again, and a page is asked again with its
// ETag and answered 304 without a body until it changes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveDist } from "../../scripts/serve-dist.ts";

describe("serveDist", () => {
  let root: string;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "serve-dist-"));
    mkdirSync(join(root, "assets"));
    mkdirSync(join(root, "resultados/assets"), { recursive: true });
    writeFileSync(join(root, "index.html"), "<!doctype html><title>a</title>");
    writeFileSync(join(root, "assets/app-1a2b.js"), "export {};");
    writeFileSync(join(root, "resultados/assets/shared-3c4d.js"), "export {};");
    server = await serveDist(root, 0, "127.0.0.1", { brotliQuality: 1 });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test.each(["/assets/app-1a2b.js", "/resultados/assets/shared-3c4d.js"])("%s is kept for a year, without revalidation", async (path) => {
    const response = await fetch(`${origin}${path}`);
    expect([response.status, response.headers.get("cache-control"), response.headers.get("etag")]).toEqual([200, "public, max-age=31536000, immutable", null]);
  });

  test("a page is revalidated: asked with its ETag, 304 without a body; with another, the page", async () => {
    const first = await fetch(`${origin}/`, { headers: { "accept-encoding": "br" } });
    const etag = first.headers.get("etag");
    expect([first.status, first.headers.get("cache-control"), etag]).toEqual([200, "no-cache", expect.stringMatching(/^"[0-9a-f]{16}"$/)]);
    const again = await fetch(`${origin}/`, { headers: { "accept-encoding": "br", "if-none-match": etag! } });
    expect([again.status, await again.text()]).toEqual([304, ""]);
    const other = await fetch(`${origin}/`, { headers: { "accept-encoding": "br", "if-none-match": '"0000"' } });
    expect([other.status, await other.text()]).toEqual([200, "<!doctype html><title>a</title>"]);
  });
});
