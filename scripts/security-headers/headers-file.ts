/**
 * Reads a build's `_headers` and answers which headers a path gets, as
 * Netlify does (every matching rule applies, a later one wins a header both
 * set), so that the local server sends what the host would.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EVERY_PATH, type HeaderRule } from "./host-files.ts";

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else {
      const [, name, value] = line.match(/^\s+([^:]+):\s*(.*)$/) ?? [];
      if (name && rules.length > 0) rules.at(-1)!.headers[name] = value!;
    }
  }
  return rules;
}

/** `/*` matches every path; any other rule its exact path, with or without a trailing slash. */
function matches(rule: HeaderRule, path: string): boolean {
  return rule.path === EVERY_PATH || rule.path === path || `${rule.path.replace(/\/$/, "")}/` === path;
}

export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((rule) => matches(rule, path)).map((rule) => rule.headers));
}

/** The rules of the build in `root`; none when it has no `_headers`. */
export function readHeaderRules(root: string): HeaderRule[] {
  const file = join(root, "_headers");
  return existsSync(file) ? parseHeadersFile(readFileSync(file, "utf8")) : [];
}
