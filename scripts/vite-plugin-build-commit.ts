/**
 * A production build's commit, in src/core/build-commit.ts: BUILD_COMMIT from
 * the environment (a host that builds from a tarball without .git says it
 * there), else `git rev-parse HEAD` of the project; null when neither knows
 * (a copy outside any repository). A build from a tree with uncommitted
 * changes still names HEAD: the definition's hash, not the commit, says what
 * the respondent was shown.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { COMMIT_PATTERN } from "../src/core/definition-version.ts";

const commitModule = fileURLToPath(new URL("../src/core/build-commit.ts", import.meta.url));

export function buildCommit(root: string): string | null {
  const given = process.env.BUILD_COMMIT?.trim().toLowerCase();
  if (given) return COMMIT_PATTERN.test(given) ? given : null;
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return COMMIT_PATTERN.test(head) ? head : null;
  } catch {
    return null;
  }
}

export function buildCommitPlugin(): Plugin {
  let commit: string | null = null;
  return {
    name: "build-commit",
    apply: "build",
    configResolved(config) {
      commit = buildCommit(config.root);
    },
    load(id) {
      if (id.split("?")[0] === commitModule) return `export const BUILD_COMMIT = ${JSON.stringify(commit)};\n`;
    },
  };
}
