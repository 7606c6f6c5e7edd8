/**
 * A name for what the repository's code makes of a survey folder (a
 * production build, codegen's migrations), so that test processes can share
 * one result instead of each making its own: a hash of every file the code
 * reads (the app, the scripts and what they import, the migrations, the
 * survey schema, the config, the lock file), the folder's files, the commit
 * a build stamps and whatever else the caller names. A change to any of them
 * gives another name, so a stale result is never read.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { buildCommit } from "../../scripts/vite-plugin-build-commit.ts";
import { REPO_ROOT } from "../../scripts/bench/build.ts";

const INPUTS = ["src", "scripts", "supabase", "surveys/survey.schema.json", "index.html", "vite.config.ts", "tsconfig.json", "package-lock.json"];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

/** A folder inside the repository: only such a folder's results are shared (a test's own folder elsewhere changes as it runs). */
export const insideRepository = (dir: string): boolean => !relative(REPO_ROOT, dir).startsWith("..");

export function repositoryInputsKey(surveysDir: string, extra: string): string {
  const hash = createHash("sha256").update(`commit ${buildCommit(REPO_ROOT)}\0surveys ${relative(REPO_ROOT, surveysDir)}\0${extra}`);
  for (const file of [...INPUTS.flatMap((input) => filesUnder(join(REPO_ROOT, input))), ...filesUnder(surveysDir)]) {
    hash.update(`\0${relative(REPO_ROOT, file)}\0`).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 32);
}
