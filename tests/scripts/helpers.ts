/** Running the scripts as a user would (a child process) and scratch directories for them. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject, onTestFinished } from "vitest";
import { bundleOf } from "../support/command-bundles.ts";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const FIXTURES = join(REPO, "tests/fixtures/surveys");

/**
 * What `node` runs for a command file ("scripts/team/cli.ts") and its
 * arguments: the file's bundle, the same code without tsx's start-up
 * (tests/support/command-bundles.ts).
 */
export const command = (file: string, ...args: string[]) => [bundleOf(inject("commandBundles"), file), ...args];

/** A command run from the repository root, as `npm run` would but without npm and tsx. */
export function runScript(script: string, args: string[]) {
  const result = spawnSync(process.execPath, command(script, ...args), { cwd: REPO, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A temporary directory removed after the current test. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "survey-scripts-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
