// Every npm script that runs one of this project's commands with arguments
// follows the command-line convention (scripts/lib/cli.ts,
// docs/developers/scripts.md), walked from package.json so that a new command
// is covered without a line here: --help on the command and on each of its
// subcommands exits 0 with the usage and an example; an unknown option, a
// missing command or a missing required argument exit 2 with one line and no
// stack trace. Real processes, many at a time: each command's own --help
// through its package.json line (tsx and all, as a user starts it), the rest
// of the walk on its bundle (tests/support/command-bundles.ts: the same code,
// a quarter of the start-up CPU).
import { execFile } from "node:child_process";
import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { command } from "./helpers.ts";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const PACKAGE = JSON.parse(readFileSync(`${REPO}package.json`, "utf8")) as { version: string; scripts: Record<string, string> };

/** One npm script that runs a project file with node: its node flags, the file, and the arguments the script itself gives it. */
interface Entry {
  script: string;
  node: string[];
  file: string;
  /**
   * The script's own arguments before any "--" (db:start: "start"); what
   * follows "--" goes to another program (dev: "run -- vite"), so the walk's
   * arguments go before it, where the command's own options are.
   */
  own: string[];
}

function entryOf(script: string, command: string): Entry | null {
  const words = command.replace(/^exec /, "").split(/\s+/);
  const at = words.findIndex((word) => /^scripts\/.+\.ts$/.test(word));
  if (words[0] !== "node" || at < 0) return null;
  const rest = words.slice(at + 1);
  return { script, node: words.slice(1, at), file: words[at]!, own: rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest };
}

const entries = Object.entries(PACKAGE.scripts).flatMap(([script, command]) => entryOf(script, command) ?? []);
const source = (entry: Entry) => readFileSync(`${REPO}${entry.file}`, "utf8");
const usesConvention = (entry: Entry) => /from "[./]*lib\/cli\.ts"/.test(source(entry)) && /\bcli\(/.test(source(entry));
const walked = entries.filter(usesConvention);

/** The node arguments of a walk's step: the package.json line itself, or its node flags without tsx and the file's bundle. */
function nodeArguments(entry: Entry, args: string[], asPackaged: boolean): string[] {
  if (asPackaged) return [...entry.node, entry.file, ...entry.own, ...args];
  const flags = entry.node.filter((flag, at) => !(flag === "--import" && entry.node[at + 1] === "tsx") && !(flag === "tsx" && entry.node[at - 1] === "--import"));
  return [...flags, ...command(entry.file, ...entry.own, ...args)];
}

/** At most a few processes at once. */
const slots = { free: Math.max(4, availableParallelism() * 2), waiting: [] as (() => void)[] };
async function run(entry: Entry, args: string[], asPackaged = false): Promise<{ code: number | null; stdout: string; stderr: string }> {
  if (slots.free === 0) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  slots.free--;
  try {
    return await new Promise((resolve) => {
      // DEBUG unset: a stack would only print with it. A command that ignored --help and started its work is killed.
      const env = { ...process.env, NO_COLOR: "1", DEBUG: "", DATABASE_URL: "", SUPABASE_URL: "" };
      execFile(process.execPath, nodeArguments(entry, args, asPackaged), { cwd: REPO, env, encoding: "utf8", timeout: 180_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
      );
    });
  } finally {
    slots.free++;
    slots.waiting.shift()?.();
  }
}

const STACK_LINE = /^\s+at |node:internal/m;

async function expectUsageError(entry: Entry, args: string[], message: RegExp): Promise<void> {
  const { code, stdout, stderr } = await run(entry, args);
  const what = `npm run ${entry.script} -- ${args.join(" ")}\n${stderr}`;
  expect(stderr, what).not.toMatch(STACK_LINE);
  expect(code, what).toBe(2);
  expect(stdout, what).toBe("");
  expect(stderr.trimEnd().split("\n"), what).toHaveLength(1);
  expect(stderr, what).toMatch(message);
  expect(stderr, what).toMatch(/; usage: .+ --help for more\)$/m);
}

interface Help {
  text: string;
  subcommands: string[];
  /** A required argument (<…> in the usage line), a required option, or subcommands: the command run bare must refuse. */
  needsSomething: boolean;
}

async function help(entry: Entry, path: string[]): Promise<Help> {
  const { code, stdout, stderr } = await run(entry, [...path, "--help"], path.length === 0);
  const what = `npm run ${entry.script} -- ${[...path, "--help"].join(" ")}\n${stderr}`;
  expect(code, what).toBe(0);
  expect(stdout, what).toMatch(/^Usage: /);
  expect(stdout, what).toMatch(/\nExample:\n {2}\S/);
  const commands = /\nCommands:\n([\s\S]*?)\n\n/.exec(stdout)?.[1] ?? "";
  const subcommands = [...commands.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1]!);
  const usage = stdout.split("\n")[0]!;
  return { text: stdout, subcommands, needsSomething: subcommands.length > 0 || /<[^>]+>/.test(usage) || stdout.includes("(required)") };
}

/**
 * A script's walk: its help and an unknown option; run bare when it needs
 * something; then each subcommand's help, and bare when it needs something
 * (an unknown option is the shared module's answer wherever it is given: the
 * top level shows it).
 */
async function walk(entry: Entry, path: string[] = []): Promise<void> {
  const [own] = await Promise.all([
    help(entry, path),
    path.length ? null : expectUsageError(entry, ["--no-such-option"], /^error: unknown option '--no-such-option'/),
  ]);
  // The top level of a script that names no subcommand of its own carries --version.
  if (path.length === 0 && entry.own.length === 0) expect(own.text, entry.script).toContain("-V, --version");
  await Promise.all([
    own.needsSomething ? expectUsageError(entry, path, /^error: (missing|required option)/) : null,
    ...own.subcommands.map((name) => walk(entry, [...path, name])),
  ]);
}

describe("the command-line convention, walked from package.json", () => {
  test("every script that runs a project file either follows the convention or reads no arguments", () => {
    const byHand = entries.filter((entry) => !usesConvention(entry) && /process\.argv|parseArgs/.test(source(entry)));
    expect(byHand.map((entry) => `${entry.script} (${entry.file})`)).toEqual([]);
    expect(walked.map((entry) => entry.script)).toEqual(expect.arrayContaining(["report", "team", "links", "outbox", "privacy", "translations", "validate", "codegen", "db:check", "edit", "db:start", "db:reset", "dev"]));
  });

  test.concurrent.each(walked.map((entry) => [entry.script, entry] as const))("npm run %s", (_, entry) => walk(entry), 600_000);

  test.concurrent("the top level prints the version; a near miss gets a suggestion", async () => {
    const validate = walked.find((entry) => entry.script === "validate")!;
    const version = await run(validate, ["--version"]);
    expect([version.code, version.stdout.trim()]).toEqual([0, PACKAGE.version]);
    await Promise.all([
      expectUsageError(walked.find((entry) => entry.script === "report")!, ["--surve", "foreign-form"], /unknown option '--surve' \(Did you mean --survey\?\)/),
      expectUsageError(walked.find((entry) => entry.script === "outbox")!, ["replay", "--sinse", "2026-11-20"], /unknown option '--sinse' \(Did you mean --since\?\)/),
      expectUsageError(walked.find((entry) => entry.script === "team")!, ["lis"], /unknown command 'lis' \(Did you mean list\?\)/),
    ]);
  }, 600_000);
});
