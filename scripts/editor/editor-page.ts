/**
 * The editor's page, built when the first server of a process starts (its own
 * Vite entry, src/editor/index.html, about a second) and then held in memory: the server
 * serves exactly these files and reads nothing else from disk to serve them.
 * No dev server, so no hot-reload WebSocket for another site to connect to
 * (Storybook's CVE-2026-27148) and no route to the project's other files.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, relative, sep } from "node:path";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { REPO_ROOT } from "../lib/schema-check.ts";
import { CSP_SAFE_ALIASES } from "../security-headers/vite-aliases.ts";
import { EDITOR_LANGUAGES, type EditorLanguage } from "../../src/editor/words/index.ts";
import { previewSeams } from "./preview-seams.ts";

export interface PageFile {
  type: string;
  content: Buffer;
}

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/** The built files by URL path, their placeholders still in: what every server of this process serves. */
let built: Promise<Map<string, PageFile>> | undefined;

/**
 * URL path ("/", "/assets/index-abc.js") → file, with the page's token and language placeholders filled in.
 * The build reads only the editor's sources, never a project's files or a server's settings, so a process
 * builds it once (about 4 s of CPU with esbuild's) and every later server reuses it: the browser specs and
 * tests start one server per file, and a failed build is tried again by the next start.
 */
export async function buildEditorPage(token: string, language: EditorLanguage): Promise<Map<string, PageFile>> {
  built ??= buildFiles().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  const page = new Map(await built);
  const html = page.get("/")!;
  const filled = html.content.toString("utf8").replace("%EDITOR_TOKEN%", token).replaceAll("%EDITOR_LANGUAGE%", language).replace("%EDITOR_TITLE%", EDITOR_LANGUAGES[language].title);
  page.set("/", { type: html.type, content: Buffer.from(filled) });
  return page;
}

async function buildFiles(): Promise<Map<string, PageFile>> {
  const outDir = mkdtempSync(join(tmpdir(), "rmj-editor-page-"));
  // The JSX transform follows process.env.NODE_ENV, which a dev server earlier in the same process sets to
  // "development": its jsxDEV calls would then meet React's production build and the page would not start.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: false,
      root: join(REPO_ROOT, "src", "editor"),
      plugins: [react(), previewSeams()],
      resolve: { alias: CSP_SAFE_ALIASES },
      logLevel: "warn",
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1024 },
      // React's production build even when a test runner set NODE_ENV=test.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
    });
    const files = new Map<string, PageFile>();
    for (const path of readdirSync(outDir, { recursive: true, encoding: "utf8" }).map((name) => join(outDir, name))) {
      const type = TYPES[extname(path)];
      if (!type) continue;
      const url = `/${relative(outDir, path).split(sep).join("/")}`;
      files.set(url === "/index.html" ? "/" : url, { type, content: readFileSync(path) });
    }
    return files;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}
