/**
 * The source text a stale translation was made from. A translation keeps
 * only the fingerprint of its source (src/core/translations.ts), so the text
 * itself is looked for in the survey file's git history: the newest committed
 * version whose text at that pointer has that fingerprint. Outside a git
 * checkout, or for a source never committed, there is none (the entry is
 * then fuzzy without a previous source, as before).
 */
import { execFileSync } from "node:child_process";
import { basename, dirname } from "node:path";
import { fingerprintOf, textAt } from "../../src/core/translations.ts";

/** How far back to look: a survey file's history is short; a translation older than this is re-read whole anyway. */
const MAX_VERSIONS = 200;

export type PreviousSource = (pointer: string, fingerprint: string) => string | undefined;

const git = (cwd: string, args: string[]): string => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 * 1024 * 1024 });

/** Reads the file's committed versions lazily, newest first, each once. */
export function previousSourceIn(surveyFile: string): PreviousSource {
  const cwd = dirname(surveyFile);
  const path = `./${basename(surveyFile)}`;
  let commits: string[] | undefined;
  const versions = new Map<string, unknown>();
  const versionAt = (commit: string): unknown => {
    if (!versions.has(commit)) {
      try {
        versions.set(commit, JSON.parse(git(cwd, ["show", `${commit}:${path}`])));
      } catch {
        versions.set(commit, undefined);
      }
    }
    return versions.get(commit);
  };
  return (pointer, fingerprint) => {
    try {
      commits ??= git(cwd, ["log", `-${MAX_VERSIONS}`, "--format=%H", "--", path]).split("\n").filter(Boolean);
    } catch {
      commits = [];
    }
    for (const commit of commits) {
      const text = textAt(versionAt(commit), pointer);
      if (text !== undefined && fingerprintOf(text) === fingerprint) return text;
    }
    return undefined;
  };
}
