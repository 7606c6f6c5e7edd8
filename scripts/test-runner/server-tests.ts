/**
 * Which vitest files start a server (PostgreSQL, PGlite, the data API and its
 * PostgREST, a production build): those that import, directly or through other
 * test modules, one of SERVER_MODULES. Read from the files' own imports, so a
 * new test is sorted by what it does, not by a list someone must remember.
 * `npm run test:quick` runs the others, and of these only the ones the change
 * at hand touches.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Imports that mean "starts a server": matched against the import's path. */
const SERVER_MODULES = [
  /@electric-sql\/pglite/,
  /(^|\/)scripts\/data-api\/index\.ts$/,
  /(^|\/)scripts\/bench\/postgres-server\.ts$/,
  /(^|\/)tests\/e2e\/support\/stack\.ts$/,
  /(^|\/)tests\/support\/supabase-cli\.ts$/,
  /(^|\/)scripts\/bench\/build\.ts$/,
  /^vite$/,
];

/** Folders whose tests build the app (vite build) without importing a module for it. */
const SERVER_FOLDERS = ["tests/build/"];

const IMPORT = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "e2e" || name === "fixtures" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module `file` reaches through relative imports (and the bare ones it names), memoised across files. */
function startsServer(file: string, root: string, seen: Map<string, boolean>): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false);
  const source = existsSync(file) ? readFileSync(file, "utf8") : "";
  let result = false;
  for (const [, specifier] of source.matchAll(IMPORT)) {
    if (!specifier) continue;
    const target = specifier.startsWith(".") ? resolve(dirname(file), specifier) : specifier;
    const path = specifier.startsWith(".") ? relative(root, target) : specifier;
    if (SERVER_MODULES.some((pattern) => pattern.test(path))) result = true;
    else if (specifier.startsWith(".") && /\.tsx?$/.test(target) && !target.includes("node_modules")) result = startsServer(target, root, seen);
    if (result) break;
  }
  seen.set(file, result);
  return result;
}

/** The vitest files under `tests/`, split into those that start a server and the rest, as paths relative to `root`. */
export function splitTestFiles(root = process.cwd()): { light: string[]; server: string[] } {
  const seen = new Map<string, boolean>();
  const light: string[] = [];
  const server: string[] = [];
  for (const file of testFiles(join(root, "tests")).sort()) {
    const path = relative(root, file);
    (SERVER_FOLDERS.some((folder) => path.startsWith(folder)) || startsServer(file, root, seen) ? server : light).push(path);
  }
  return { light, server };
}
