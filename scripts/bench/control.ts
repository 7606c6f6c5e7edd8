/**
 * Builds the control page (scripts/bench/control/) for production into a
 * folder of its own, its scripts loaded after the first paint exactly as the
 * app's pages load theirs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { loadScriptsAfterPaint } from "../load-after-paint.ts";
import { REPO_ROOT } from "./build.ts";

export async function buildControl(): Promise<{ outDir: string; remove: () => void }> {
  const outDir = mkdtempSync(join(tmpdir(), "rmj-control-"));
  await build({
    configFile: false,
    root: join(REPO_ROOT, "scripts", "bench", "control"),
    mode: "production",
    logLevel: "warn",
    plugins: [react()],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  const page = join(outDir, "index.html");
  writeFileSync(page, loadScriptsAfterPaint(readFileSync(page, "utf8")));
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
