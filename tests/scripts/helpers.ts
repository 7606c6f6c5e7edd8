/** Running the scripts as a user would (a child process) and scratch directories for them. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const FIXTURES = join(REPO, "tests/fixtures/surveys");

/** `tsx <script> <args>` from the repository root. */
export function runScript(script: string, args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(REPO, script), ...args], { cwd: REPO, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A temporary directory removed after the current test. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "survey-scripts-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
