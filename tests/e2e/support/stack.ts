/**
 * One complete, throw-away copy of what `npm start` runs: the local data API
 * (in memory, free port), a production build pointed at it (in a temporary
 * directory, so dist/ is never touched) and the static server for that build
 * (free port). Everything binds to 127.0.0.1; stop() undoes all of it.
 *
 * Used by the global setup (the stack every spec shares), by the fault spec,
 * which stops and restarts PostgREST and so needs a stack of its own, and by
 * the languages spec, which builds a copy of the project with more surveys
 * (`root`: the project to build and whose migrations to apply).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDataApi, type DataApi } from "../../../scripts/data-api/index.ts";
import { serveDist } from "../../../scripts/serve-dist.ts";
import { REPO_ROOT } from "./paths.ts";

export interface Stack {
  /** The served production build, e.g. http://127.0.0.1:41234 */
  baseURL: string;
  api: DataApi;
  stop(): Promise<void>;
}

/** `vite build --outDir <outDir>` against the given data API; rejects with Vite's output on failure. */
function build(root: string, outDir: string, api: DataApi): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, "node_modules", ".bin", "vite"), ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
      cwd: root,
      env: { ...process.env, VITE_SUPABASE_URL: api.url, VITE_SUPABASE_ANON_KEY: api.anonKey },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`[e2e] vite build failed (exit ${code}):\n${output}`))));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startStack({ root = REPO_ROOT }: { root?: string } = {}): Promise<Stack> {
  const api = await startDataApi({ port: 0, dataDir: null, quiet: true, migrationsDir: join(root, "supabase", "migrations") });
  const outDir = mkdtempSync(join(tmpdir(), "rmj-e2e-build-"));
  let server: Server | undefined;
  try {
    await build(root, outDir, api);
    server = await serveDist(outDir, 0);
  } catch (error) {
    await api.stop();
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const running = server;
  let stopping: Promise<void> | undefined;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    api,
    stop: () =>
      (stopping ??= (async () => {
        await close(running);
        await api.stop();
        rmSync(outDir, { recursive: true, force: true });
      })()),
  };
}
