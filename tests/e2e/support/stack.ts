/**
 * One complete, throw-away copy of what `npm start` runs: the local data API
 * (in memory, free port), a production build pointed at it (in a temporary
 * directory, so dist/ is never touched) and the static server for that build
 * (free port). Everything binds to 127.0.0.1; stop() undoes all of it.
 *
 * Used by the global setup (the stack every spec shares), by the fault spec,
 * which stops and restarts PostgREST and so needs a stack of its own, and by
 * specs that need another set of survey files (`surveysDir`): the app is then
 * built from that set, and the data API gets the tables codegen plans for it.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { startDataApi, type DataApi } from "../../../scripts/data-api/index.ts";
import { generate, MIGRATIONS_DIR } from "../../../scripts/lib/codegen.ts";
import { formatError } from "../../../scripts/lib/validate.ts";
import { serveDist } from "../../../scripts/serve-dist.ts";
import { insideRepository, repositoryInputsKey } from "../../support/repository-inputs.ts";
import { REPO_ROOT } from "./paths.ts";

export interface Stack {
  /** The served production build, e.g. http://127.0.0.1:41234 */
  baseURL: string;
  api: DataApi;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Survey files to build and migrate from, instead of surveys/ and supabase/migrations/. */
  surveysDir?: string;
}

/** `vite build --outDir <outDir>` against the given data API; rejects with Vite's output on failure. */
export function build(outDir: string, api: DataApi, surveysDir: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(REPO_ROOT, "node_modules", ".bin", "vite"), ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
      cwd: REPO_ROOT,
      env: { ...process.env, VITE_SUPABASE_URL: api.url, VITE_SUPABASE_ANON_KEY: api.anonKey, ...(surveysDir ? { SURVEYS_DIR: surveysDir } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`[e2e] vite build failed (exit ${code}):\n${output}`))));
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The migrations `npm run codegen` would write for a fresh database with these surveys, in a temporary directory. */
export async function migrationsFor(surveysDir: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), "rmj-e2e-migrations-"));
  const folder = resolve(REPO_ROOT, surveysDir);
  // Codegen of a folder in the repository is shared by every process of the run (about 1.6 s of CPU each):
  // kept under $TMPDIR/rmj-migrations, named by a hash of what it reads, and copied for each caller, who may write beside it.
  const kept = insideRepository(folder) ? join(tmpdir(), "rmj-migrations", repositoryInputsKey(folder, "migrations")) : undefined;
  if (kept && existsSync(kept)) {
    cpSync(kept, outDir, { recursive: true });
    return outDir;
  }
  const result = await generate(surveysDir, outDir);
  if ("errors" in result) throw new Error(`[e2e] ${surveysDir} is invalid:\n${result.errors.map(formatError).join("\n")}`);
  for (const { path, content } of result.files.filter((file) => file.path.startsWith(`${MIGRATIONS_DIR}/`))) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), content);
  }
  if (kept) keep(outDir, kept);
  return outDir;
}

/** A copy of `dir` at `kept`, written under another name and renamed, so that no process reads half of it; the first of two kept. */
function keep(dir: string, kept: string): void {
  const partial = `${kept}.partial-${process.pid}`;
  mkdirSync(dirname(kept), { recursive: true });
  cpSync(dir, partial, { recursive: true });
  try {
    renameSync(partial, kept);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const { surveysDir } = options;
  const migrationsRoot = surveysDir ? await migrationsFor(surveysDir) : undefined;
  const scratch = [mkdtempSync(join(tmpdir(), "rmj-e2e-build-")), ...(migrationsRoot ? [migrationsRoot] : [])];
  const outDir = scratch[0]!;
  const removeScratch = () => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  let api: DataApi | undefined;
  let server: Server | undefined;
  try {
    api = await startDataApi({ port: 0, dataDir: null, quiet: true, ...(migrationsRoot ? { migrationsDir: join(migrationsRoot, MIGRATIONS_DIR) } : {}) });
    await build(outDir, api, surveysDir);
    server = await serveDist(outDir, 0, "127.0.0.1", { brotliQuality: 5 });
  } catch (error) {
    await api?.stop();
    removeScratch();
    throw error;
  }
  const running = { server, api };
  const { port } = server.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    api,
    stop: () =>
      (stopping ??= (async () => {
        await close(running.server);
        await running.api.stop();
        removeScratch();
      })()),
  };
}
