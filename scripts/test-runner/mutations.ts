/**
 * The mutation set (docs/developers/tests.md, "The mutation set"): deliberate
 * bugs in the product code, each run against the tests that should catch it.
 * It shows that a change to the test infrastructure checks no less than
 * before: run it on the old and the new tree, and both must catch the same.
 *
 *   node --import tsx scripts/test-runner/mutations.ts [--root DIR] [--only id,id]
 *
 * One mutation at a time: the find text must occur exactly once in the file
 * (else "not applicable"), the file is changed, the tests run, and the file is
 * put back whatever happens (finally, and on SIGINT/SIGTERM). A run that fails
 * counts as caught only if a test failed on an assertion; a run whose only
 * failures are time-outs is reported as such, to be run again on a quieter
 * machine rather than counted.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { MUTATIONS, type Mutation } from "./mutation-list.ts";

type Result = "caught" | "missed" | "not applicable" | "time-out" | "error";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

const root = resolve(option("--root") ?? process.cwd());
const only = option("--only")?.split(",");
// In the order asked for, so that the ones that matter most can go first.
const chosen = only ? only.flatMap((id) => MUTATIONS.filter((mutation) => mutation.id === id)) : MUTATIONS;
const unknown = only?.filter((id) => !MUTATIONS.some((mutation) => mutation.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(`unknown mutation ids: ${unknown.join(", ")}`);
  process.exit(2);
}

/** The file being mutated and its original text, put back on any exit. */
let pending: { path: string; original: string } | undefined;
function restore(): void {
  if (pending) writeFileSync(pending.path, pending.original);
  pending = undefined;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

const occurrences = (text: string, find: string) => text.split(find).length - 1;

function runTests(tests: string[]): Promise<{ code: number | null; output: string }> {
  const browser = tests.every((file) => file.endsWith(".spec.ts"));
  const [command, args] = browser ? ["playwright", ["test", "--reporter=line", ...tests]] : ["vitest", ["run", ...tests]];
  return new Promise((done) => {
    // Its own process group, so that a signal to this script can end the whole run.
    const child = spawn(join(root, "node_modules", ".bin", command), args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => done({ code, output }));
  });
}

/** Caught only when a test failed on something other than a time-out. */
function judge(code: number | null, output: string): Result {
  if (code === 0) return "missed";
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const failed = /(\d+) failed/.test(plain);
  if (!failed) return "error";
  const timeouts = (plain.match(/Test timed out|Test timeout of \d+ms exceeded/g) ?? []).length;
  const assertions = (plain.match(/AssertionError|expect\(/g) ?? []).length;
  return timeouts > 0 && assertions === 0 ? "time-out" : "caught";
}

/**
 * The file a mutation changes. A folder (a path ending in "/") means the last file in it, by name, that
 * holds the text: a function's latest definition is in the newest migration that writes it, and a later
 * migration redefining it would otherwise undo a bug put into an older one.
 */
function fileOf(mutation: Mutation): string {
  if (!mutation.file.endsWith("/")) return join(root, mutation.file);
  const folder = join(root, mutation.file);
  const holding = readdirSync(folder)
    .sort()
    .filter((name) => readFileSync(join(folder, name), "utf8").includes(mutation.find));
  return join(folder, holding.at(-1) ?? "(none holds the text)");
}

async function runOne(mutation: Mutation): Promise<{ result: Result; seconds: number; output: string }> {
  const path = fileOf(mutation);
  let original: string;
  try {
    original = readFileSync(path, "utf8");
  } catch {
    return { result: "not applicable", seconds: 0, output: `${mutation.file} not found` };
  }
  const count = occurrences(original, mutation.find);
  if (count !== 1) return { result: "not applicable", seconds: 0, output: `find text occurs ${count} times in ${mutation.file}` };
  const started = Date.now();
  pending = { path, original };
  try {
    writeFileSync(path, original.replace(mutation.find, () => mutation.replace));
    const { code, output } = await runTests(mutation.tests);
    return { result: judge(code, output), seconds: (Date.now() - started) / 1000, output };
  } finally {
    restore();
  }
}

const rows: string[] = [];
console.log(`mutation set in ${root}: ${chosen.length} mutations\n`);
for (const mutation of chosen) {
  const { result, seconds, output } = await runOne(mutation);
  console.log(`${mutation.id}: ${result} (${seconds.toFixed(0)} s)`);
  if (result === "error" || result === "time-out" || result === "not applicable") console.log(output.split("\n").slice(-40).join("\n"));
  rows.push(`| ${mutation.id} | ${mutation.what} | ${mutation.tests.join("<br>")} | ${result} | ${seconds.toFixed(0)} |`);
}
console.log(["", "| id | what | tests | result | seconds |", "| --- | --- | --- | --- | --- |", ...rows].join("\n"));
