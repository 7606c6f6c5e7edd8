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

/** Imports that mean "starts a database" (PGlite, a PostgreSQL server, the data API over either). */
const DATABASE_MODULES = [/@electric-sql\/pglite/, /(^|\/)scripts\/data-api\/index\.ts$/, /(^|\/)scripts\/bench\/postgres-server\.ts$/];

/** Imports that mean "starts a server": a database, the e2e stack, the Supabase CLI's, a production build; matched against the import's path. */
const SERVER_MODULES = [
  ...DATABASE_MODULES,
  /(^|\/)tests\/e2e\/support\/stack\.ts$/,
  /(^|\/)tests\/support\/supabase-cli\.ts$/,
  /(^|\/)scripts\/bench\/build\.ts$/,
  /^vite$/,
];


/**
 * What a file that shares a worker's process with other files must not do, in its own text or in a test
 * module it imports: vitest puts none of it back between such files. Environment variables, the working
 * directory, process-wide listeners, mocked modules, stubbed globals, fake timers, another environment.
 */
const PROCESS_STATE =
  /\bvi\.(mock|doMock|hoisted|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.chdir|process\.on\(|@vitest-environment/;

/** Imports that mean "runs commands": the file spawns processes (tsx commands, psql, msgfmt), a second of CPU or more each. */
const PROCESS_MODULES = [/^(node:)?child_process$/];

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

/** Whether `file` or a module it reaches through relative imports under `within` (a folder of `root`, "" for any) has text matching `pattern`. */
function reachesText(file: string, root: string, pattern: RegExp, within: string, seen: Map<string, boolean>): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false);
  const source = existsSync(file) ? readFileSync(file, "utf8") : "";
  const result =
    pattern.test(source) ||
    [...source.matchAll(IMPORT)].some(([, specifier]) => {
      if (!specifier?.startsWith(".")) return false;
      const target = resolve(dirname(file), specifier);
      return relative(root, target).startsWith(within) && /\.tsx?$/.test(target) && reachesText(target, root, pattern, within, seen);
    });
  seen.set(file, result);
  return result;
}

/** Whether `file` or a module it reaches through relative imports imports one matching `patterns`; memoised in `seen` (one map per pattern list). */
function imports(file: string, root: string, patterns: readonly RegExp[], seen: Map<string, boolean>): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false);
  const source = existsSync(file) ? readFileSync(file, "utf8") : "";
  let result = false;
  for (const [, specifier] of source.matchAll(IMPORT)) {
    if (!specifier) continue;
    const target = specifier.startsWith(".") ? resolve(dirname(file), specifier) : specifier;
    const path = specifier.startsWith(".") ? relative(root, target) : specifier;
    if (patterns.some((pattern) => pattern.test(path))) result = true;
    else if (specifier.startsWith(".") && /\.tsx?$/.test(target) && !target.includes("node_modules")) result = imports(target, root, patterns, seen);
    if (result) break;
  }
  seen.set(file, result);
  return result;
}

/**
 * The vitest files under `tests/`, as paths relative to `root`: those that start a server and the rest
 * (`light`), and of the light ones those that run commands (`spawning`), which take seconds of CPU as well.
 */
export function splitTestFiles(root = process.cwd()): { light: string[]; server: string[]; spawning: string[] } {
  const [seenServers, seenProcesses] = [new Map<string, boolean>(), new Map<string, boolean>()];
  const light: string[] = [];
  const server: string[] = [];
  for (const file of testFiles(join(root, "tests")).sort()) {
    const path = relative(root, file);
    (SERVER_FOLDERS.some((folder) => path.startsWith(folder)) || imports(file, root, SERVER_MODULES, seenServers) ? server : light).push(path);
  }
  const spawning = light.filter((path) => imports(join(root, path), root, PROCESS_MODULES, seenProcesses));
  return { light, server, spawning };
}

/**
 * The vitest files that may share a worker's process (vitest.config.ts): those that start a database,
 * outside the byte tests' folder, and change nothing of the process (PROCESS_STATE). Each starts its own databases and
 * stops them; sharing compiles PGlite's WebAssembly once per worker instead of once per file, about 1.6 s
 * of CPU each. Read from the files, as the split above: a new file is placed by what it does.
 */
export function sharedProcessFiles(root = process.cwd()): string[] {
  const [databases, state] = [new Map<string, boolean>(), new Map<string, boolean>()];
  return splitTestFiles(root).server.filter((path) => {
    const file = join(root, path);
    // The byte tests build with Vite in their own process, and Vite sets NODE_ENV while it builds.
    if (SERVER_FOLDERS.some((folder) => path.startsWith(folder)) || !imports(file, root, DATABASE_MODULES, databases)) return false;
    // The product's own code keeps what it changes of the process to itself (the data API's signal handlers go with it); the tests' code is read.
    return !reachesText(file, root, PROCESS_STATE, "tests/", state);
  });
}
