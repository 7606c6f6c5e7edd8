/**
 * A production build of the app with the project's vite.config.ts (so the
 * survey validation and the prerender plugins run), into a folder of its own
 * so that it never disturbs dist/, with the build manifest on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type LogLevel, type PluginOption, type Rolldown } from "vite";

export interface ProductionBuild {
  outDir: string;
  chunks: Rolldown.OutputChunk[];
  remove: () => void;
}

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url)).replace(/[\\/]$/, "");

export const BUILD_ENV = { NODE_ENV: "production", VITE_SUPABASE_URL: "http://127.0.0.1:54321", VITE_SUPABASE_ANON_KEY: "bench-anon-key" } as const;

/**
 * `root`: the project folder to build (default: this repository; see project-copy.ts for a modified copy).
 * `plugins`: added to the config file's (a test's counterfactual build, e.g. tests/build/partial-responses-bytes.test.ts).
 * `dataApi`: the data API the build calls instead of BUILD_ENV's (bench:results signs in against its own).
 */
export async function buildProduction({ logLevel = "warn", outDir, root = REPO_ROOT, plugins = [], dataApi }: { logLevel?: LogLevel; outDir?: string; root?: string; plugins?: PluginOption[]; dataApi?: { url: string; anonKey: string } } = {}): Promise<ProductionBuild> {
  const target = outDir ?? mkdtempSync(join(tmpdir(), "rmj-build-"));
  // Vite bundles with process.env.NODE_ENV when it is set; under vitest it is "test", which would ship React's development build.
  // Fixed data-API settings: without them the minifier drops supabase-js as unreachable, and the same values
  // everywhere make the bench and the byte-budget test measure the very same bytes. Nothing is ever submitted.
  const saved = { NODE_ENV: process.env.NODE_ENV, VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY };
  Object.assign(process.env, BUILD_ENV, dataApi && { VITE_SUPABASE_URL: dataApi.url, VITE_SUPABASE_ANON_KEY: dataApi.anonKey });
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      root,
      configFile: join(root, "vite.config.ts"),
      mode: "production",
      logLevel,
      build: { outDir: target, emptyOutDir: true, manifest: true },
      plugins,
    });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  if (!Array.isArray(result) && !("output" in result)) throw new Error("vite build started a watcher instead of building once");
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((output) => output.output.filter((item): item is Rolldown.OutputChunk => item.type === "chunk"));
  return { outDir: target, chunks, remove: () => rmSync(target, { recursive: true, force: true }) };
}

/** "…/node_modules/@radix-ui/react-toast/dist/index.mjs" → "@radix-ui/react-toast"; app files → "src/survey" etc. */
export function packageOf(moduleId: string): string {
  const id = moduleId.replace(/^\0/, "").replaceAll("\\", "/");
  const inModules = id.lastIndexOf("/node_modules/");
  if (inModules >= 0) {
    const parts = id.slice(inModules + "/node_modules/".length).split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const root = REPO_ROOT.replaceAll("\\", "/") + "/";
  if (id.startsWith(root)) return id.slice(root.length).split("/").slice(0, 2).join("/");
  return id.split("/").slice(0, 2).join("/");
}

export interface Contribution {
  name: string;
  /** Estimated share of the chunks' gzip bytes: the module's share of the rendered (pre-minification) length. */
  gzipEstimate: number;
}

/** Which packages make up the given chunks, largest first (an estimate: minification and compression are not uniform). */
export function composition(chunks: Rolldown.OutputChunk[], files: string[], gzipOf: (file: string) => number): Contribution[] {
  const totals = new Map<string, number>();
  for (const file of files) {
    const chunk = chunks.find((candidate) => candidate.fileName === file);
    if (!chunk) continue;
    const modules = Object.entries(chunk.modules);
    const rendered = modules.reduce((sum, [, info]) => sum + info.renderedLength, 0);
    if (rendered === 0) continue;
    const gzip = gzipOf(file);
    for (const [id, info] of modules) {
      const name = packageOf(id);
      totals.set(name, (totals.get(name) ?? 0) + (gzip * info.renderedLength) / rendered);
    }
  }
  return [...totals].map(([name, gzipEstimate]) => ({ name, gzipEstimate: Math.round(gzipEstimate) })).sort((a, b) => b.gzipEstimate - a.gzipEstimate);
}
