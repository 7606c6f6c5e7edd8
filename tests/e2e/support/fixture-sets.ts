/**
 * The fixture survey sets the browser specs share. Each set used to get a
 * stack of its own (a data API and a production build per spec, about 10 s
 * of CPU each, some twenty of them per run); the global setup now builds one
 * stack from all of them together, and each spec reads its own surveys in
 * it. They can share it because every set's ids, routes and tables are its
 * own (the union is validated as one survey folder, which refuses a
 * duplicate), so no spec sees another's rows.
 *
 * A spec whose set is generated while it runs, or that stops a component,
 * keeps a stack of its own (stackForSpec in spec-stack.ts).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import { REPO_ROOT } from "./paths.ts";

export const FIXTURES_ROOT = join(REPO_ROOT, "tests/fixtures/surveys");

/** The sets under tests/fixtures/surveys/ served by the shared fixtures stack. */
export const SHARED_FIXTURE_SETS = [
  "arms",
  "campaign",
  "conditions",
  "endings",
  "every-type",
  "first-choice",
  "languages",
  "once",
  "partial",
  "phone-layout",
  "privacy",
  "quality",
  "ranking-matrix",
  "receipt",
  "shuffle",
  "trilingual",
  "value-label",
] as const;

/** Refuses a folder that is not in the list, so that a new set is not silently missing from the build. */
export function assertSharedFixtureSet(surveysDir: string): void {
  const set = relative(FIXTURES_ROOT, resolve(REPO_ROOT, surveysDir));
  if (!(SHARED_FIXTURE_SETS as readonly string[]).includes(set)) {
    throw new Error(`[e2e] ${surveysDir} is not a shared fixture set: add its folder name to SHARED_FIXTURE_SETS (tests/e2e/support/fixture-sets.ts), or give the spec a stack of its own (stackForSpec)`);
  }
}

/** Every shared set's survey files, and their translations, in one temporary survey folder. */
export function assembleFixtureSets(): string {
  const union = mkdtempSync(join(tmpdir(), "rmj-e2e-fixtures-"));
  const copy = (from: string, to: string) => {
    if (existsSync(to)) throw new Error(`[e2e] two shared fixture sets hold ${relative(union, to)}: rename one (${from})`);
    copyFileSync(from, to);
  };
  for (const set of SHARED_FIXTURE_SETS) {
    const dir = join(FIXTURES_ROOT, set);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith(".json")) copy(join(dir, entry.name), join(union, entry.name));
      else if (entry.isDirectory() && entry.name === "translations") {
        mkdirSync(join(union, "translations"), { recursive: true });
        for (const file of readdirSync(join(dir, entry.name))) copy(join(dir, entry.name, file), join(union, "translations", basename(file)));
      } else throw new Error(`[e2e] ${join(dir, entry.name)}: a shared fixture set holds survey files and translations/ only`);
    }
  }
  return union;
}
