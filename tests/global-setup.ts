// Once per vitest run, before any file: the commands' bundles the tests start
// (tests/support/command-bundles.ts), removed when the run ends.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { buildCommandBundles } from "./support/command-bundles.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The directory of this run's command bundles. */
    commandBundles: string;
  }
}

export default async function setup(project: TestProject) {
  const repo = fileURLToPath(new URL("..", import.meta.url));
  const parent = join(repo, "node_modules", ".cache", "rmj-commands");
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(join(parent, "run-"));
  await buildCommandBundles(repo, outdir);
  project.provide("commandBundles", outdir);
  return () => rmSync(outdir, { recursive: true, force: true });
}
