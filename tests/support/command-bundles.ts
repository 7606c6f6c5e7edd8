/**
 * The project's commands as the tests start them: plain `node` on a bundle of
 * the command's file and everything of ours it imports, built by esbuild once
 * per vitest run (tests/global-setup.ts). `node --import tsx` spends 0.3–0.4 s
 * of CPU in tsx's loader thread before a command's first line and the suite
 * starts hundreds of commands; a bundle starts in a quarter of that.
 *
 * The bundle is the same code: each module keeps its own `import.meta.url`
 * (the plugin below writes it in as the source file's address), so what a
 * command reads beside its files (the schemas, package.json, the repository
 * root) it still finds; packages stay imports, resolved from node_modules as
 * the command resolves them; a lazily imported module stays lazy (a chunk of
 * its own). cli-convention still starts every command once through its
 * package.json line, tsx and all.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/** Every project file a package.json script runs with node: the commands a user starts. */
export function commandFiles(repo: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> };
  return [...new Set(Object.values(scripts).flatMap((line) => line.split(/\s+/).filter((word) => /^scripts\/.+\.ts$/.test(word))))].sort();
}

const ownUrl: Plugin = {
  name: "own-import-meta-url",
  setup(bundle) {
    bundle.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith("x") ? "tsx" : "ts",
    }));
  },
};

/** Bundles the commands into `outdir` (inside the repository, so that packages resolve from its node_modules). */
export async function buildCommandBundles(repo: string, outdir: string): Promise<void> {
  await build({
    absWorkingDir: repo,
    entryPoints: commandFiles(repo),
    outdir,
    outbase: repo,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    jsx: "automatic",
    plugins: [ownUrl],
    logLevel: "error",
  });
}

/** Where `buildCommandBundles` put the bundle of a command file ("scripts/team/cli.ts"). */
export const bundleOf = (outdir: string, file: string) => join(outdir, file.replace(/\.ts$/, ".mjs"));
