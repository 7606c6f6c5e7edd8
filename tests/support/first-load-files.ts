/**
 * What the byte tests (tests/build/*-bytes.test.ts) read of production
 * builds: a build of a set of survey files (removed with the others by
 * removeBuilds), its scripts, and a route's first load file by file for
 * byte-for-byte comparisons of two builds.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { buildProduction, REPO_ROOT, type ProductionBuild } from "../../scripts/bench/build.ts";
import { measureBuild } from "../../scripts/bench/first-load.ts";
import { insideRepository, repositoryInputsKey } from "./repository-inputs.ts";

/** What the byte tests read of a build: its folder. */
export type BuiltSite = Pick<ProductionBuild, "outDir">;

const builds: ProductionBuild[] = [];

/** The settings a build reads from the environment (buildProduction fixes the data API's). */
const buildSettings = () => Object.entries(process.env).filter(([name]) => name === "FRAME_ANCESTORS" || name.startsWith("VITE_")).sort(([a], [b]) => a.localeCompare(b));

/**
 * A production build of the survey files in `dir` (default: surveys/), with extra Vite plugins.
 *
 * Without plugins, of a survey folder in the repository, a build is shared by every byte test: seven
 * files build the shipped surveys and three the partial-responses fixture, about 3 s of CPU each.
 * It is kept under $TMPDIR/rmj-builds,
 * named by a hash of everything it reads (repositoryInputsKey), so a change to any source, survey or migration
 * builds anew; two workers building it at once both build, and the first to finish is kept.
 */
export async function buildOf(dir: string | undefined, plugins: Plugin[] = []): Promise<BuiltSite> {
  const surveysDir = resolve(REPO_ROOT, dir ?? "surveys");
  // A folder outside the repository is one test's own (written while it runs): its build is not shared.
  const shared = plugins.length === 0 && insideRepository(surveysDir);
  const kept = shared ? join(tmpdir(), "rmj-builds", repositoryInputsKey(surveysDir, `build ${JSON.stringify(buildSettings())}`)) : undefined;
  if (kept && existsSync(kept)) return { outDir: kept };
  const saved = process.env.SURVEYS_DIR;
  if (dir) process.env.SURVEYS_DIR = dir;
  try {
    const build = await buildProduction({ logLevel: "silent", plugins });
    if (!kept) {
      builds.push(build);
      return build;
    }
    mkdirSync(join(kept, ".."), { recursive: true });
    try {
      renameSync(build.outDir, kept);
    } catch {
      // Another worker kept the same build first.
      build.remove();
    }
    return { outDir: kept };
  } finally {
    if (saved === undefined) delete process.env.SURVEYS_DIR;
    else process.env.SURVEYS_DIR = saved;
  }
}

/** Every build buildOf made for one file only (with plugins), removed. */
export function removeBuilds(): void {
  for (const build of builds.splice(0)) build.remove();
}

/** These files of a build (paths under its folder), one text. */
export const scriptsOf = (build: BuiltSite, files: string[]) => files.map((file) => readFileSync(join(build.outDir, file), "utf8")).join("\n");

/** Every script of a build, one text. */
export const allScripts = (build: BuiltSite) => scriptsOf(build, readdirSync(join(build.outDir, "assets")).filter((file) => file.endsWith(".js")).map((file) => join("assets", file)));

export interface LoadedFile {
  name: string;
  text: string;
}

/** A route's first load (HTML, scripts, styles), with the content hashes taken out of the chunks' names. */
export function firstLoadFiles(build: BuiltSite, route: string): LoadedFile[] {
  const [measured] = measureBuild(build.outDir, [route]).routes;
  const hashed = readdirSync(join(build.outDir, "assets")).map((file) => [file, file.replace(/-[\w-]{8}(\.\w+)$/, "$1")] as const);
  const unhashed = (text: string) => hashed.reduce((result, [file, name]) => result.replaceAll(file, name), text);
  const files = [measured!.htmlFile, ...measured!.js.map((asset) => asset.file), ...measured!.css.map((asset) => asset.file)];
  return files.map((file) => ({ name: unhashed(file), text: unhashed(readFileSync(join(build.outDir, file), "utf8")) }));
}

export const gzipBytes = (files: readonly LoadedFile[]): number => files.reduce((sum, file) => sum + gzipSync(file.text, { level: 9 }).length, 0);

/** Where two first loads part: the file and a few characters of each around the first difference. */
export function firstDifference(a: readonly LoadedFile[], b: readonly LoadedFile[]): string | undefined {
  if (a.map((file) => file.name).join() !== b.map((file) => file.name).join()) return `files ${a.map((file) => file.name).join(", ")} / ${b.map((file) => file.name).join(", ")}`;
  for (const [index, file] of a.entries()) {
    const other = b[index]!.text;
    if (file.text === other) continue;
    let at = 0;
    while (file.text[at] === other[at]) at += 1;
    return `${file.name} at ${at}: …${file.text.slice(at - 60, at + 60)}… / …${other.slice(at - 60, at + 60)}…`;
  }
  return undefined;
}
