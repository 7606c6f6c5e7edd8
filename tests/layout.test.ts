import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * What may import what. The page and the browser editor are built from src/;
 * the command-line tools in scripts/ may use src/, never the other way round,
 * so that a check both need lives in src/core/checks/ and nothing Node-only
 * reaches a bundle through a shared file.
 */
const root = resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier in a file: static imports, re-exports and dynamic import(). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)) found.push(match[1]!);
  return found;
}

describe("the layout of src/", () => {
  test("no file under src/ imports from scripts/", () => {
    const offenders = sourceFiles(join(root, "src")).flatMap((file) =>
      specifiers(readFileSync(file, "utf8"))
        .filter((spec) => spec.startsWith("."))
        .filter((spec) => relative(root, resolve(dirname(file), spec)).split(/[\\/]/)[0] === "scripts")
        .map((spec) => `${relative(root, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  test("the scan sees a relative import that climbs into scripts/", () => {
    const file = join(root, "src/question-types/slider/file-checks.ts");
    const climbing = specifiers(`import { x } from "../../../scripts/lib/survey-error.ts";\nconst y = await import("./z.ts");`);
    expect(climbing).toEqual(["../../../scripts/lib/survey-error.ts", "./z.ts"]);
    expect(relative(root, resolve(dirname(file), climbing[0]!)).startsWith("scripts")).toBe(true);
  });
});

/** Packages that tie code to a page's rendering, to the data API or to Node: none may reach src/core. */
const IMPURE = /^(react|react-dom|react-router-dom|react-hook-form|radix-ui|@radix-ui\/.*|@dnd-kit\/.*|@supabase\/.*|node:.*)(\/.*)?$/;

/** Every file a file reaches through relative imports, itself included. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of specifiers(readFileSync(file, "utf8")).filter((spec) => spec.startsWith("."))) reachable(resolve(dirname(file), spec), seen);
  return seen;
}

describe("the layout of src/core/", () => {
  test("src/core imports neither React nor Supabase nor Node, not even through the files it imports", () => {
    const offenders = new Set<string>();
    for (const file of sourceFiles(join(root, "src/core"))) {
      for (const reached of reachable(file)) {
        for (const spec of specifiers(readFileSync(reached, "utf8")).filter((spec) => IMPURE.test(spec))) {
          offenders.add(`${relative(root, reached)} imports ${spec} (reached from ${relative(root, file)})`);
        }
      }
    }
    expect([...offenders]).toEqual([]);
  });

  test("the check sees React and Supabase imports, static or dynamic", () => {
    const found = specifiers(`import { useState } from "react";\nconst { createClient } = await import("@supabase/supabase-js");\nimport { parse } from "jsonc-parser";`);
    expect(found.filter((spec) => IMPURE.test(spec))).toEqual(["react", "@supabase/supabase-js"]);
  });
});

/**
 * A file a newcomer can read in one sitting: code over 300 lines is split by
 * what each part does. Generated files (codegen's, the migrations) are
 * history or output, not read as code, and are left out.
 */
const MAX_LINES = 300;
const GENERATED = /^(src\/generated|supabase\/migrations)\//;
const CODE = /\.(ts|tsx|mts|css)$/;

function trackedCode(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || entry.name === "node_modules" || entry.name === "dist") return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return trackedCode(path);
    return CODE.test(entry.name) ? [relative(root, path)] : [];
  });
}

describe("the size of files", () => {
  test(`no file of code is over ${MAX_LINES} lines, outside generated files`, () => {
    const folders = ["src", "scripts", "tests", "notifications", "supabase", "docs/.vitepress"];
    const long = folders
      .flatMap((folder) => trackedCode(join(root, folder)))
      .filter((file) => !GENERATED.test(file))
      .map((file) => ({ file, lines: readFileSync(join(root, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
