/**
 * The editor's page, built once when the server starts (its own Vite entry,
 * src/editor/index.html, about a second) and then held in memory: the server
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

/** URL path ("/", "/assets/index-abc.js") → file; the page's token and language placeholders are filled in. */
export async function buildEditorPage(token: string, language: EditorLanguage): Promise<Map<string, PageFile>> {
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
      const content = url === "/index.html" ? Buffer.from(readFileSync(path, "utf8").replace("%EDITOR_TOKEN%", token).replaceAll("%EDITOR_LANGUAGE%", language).replace("%EDITOR_TITLE%", EDITOR_LANGUAGES[language].title)) : readFileSync(path);
      files.set(url === "/index.html" ? "/" : url, { type, content });
    }
    return files;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}
