/**
 * `npm test`: every check — generated files up to date, types, the docs site
 * builds with no dead link, unit + component + integration tests (vitest),
 * browser end-to-end tests (Playwright in Debian's Chromium) — then one
 * summary with the slowest test files, so the next contributor sees where the
 * time goes. A failing step does not hide the later ones; the exit code is 1
 * if any failed.
 *
 * The three static checks, vitest and Playwright run side by side (none
 * writes what another reads: the tests that write files write copies in
 * temporary directories), each runner with two workers.
 *
 * `npm run test:quick` (`--quick`) is the inner loop: the static checks but
 * the docs build, every vitest file that starts no server (server-tests.ts),
 * and of those that do, the ones that import what the working tree changed
 * (vitest --changed). Browser specs and the docs build are left to `npm test`.
 *
 * The files that test the SQL on both databases run on those TEST_DATABASES names (PostgreSQL 15 when
 * unset; tests/support/databases.ts): the summary says which, and how to run the others.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { testChromiumPath } from "../chromium.ts";
import { DURATIONS_FILE } from "./sequencer.ts";
import { splitTestFiles } from "./server-tests.ts";
import { cli } from "../lib/cli.ts";
import { testedDatabases } from "../../tests/support/databases.ts";

interface StepResult { name: string; ok: boolean; passed: number; failed: number; seconds: number; note?: string }
interface FileTime { file: string; seconds: number }
/** A failed test as the summary names it: where, what, and the first line of why. */
interface Failure { where: string; reason: string }
interface Ran { step: StepResult; files: FileTime[]; failures: Failure[]; cpu?: FileTime[] }

const { quick } = cli("npm test --", "Every check (generated files, types, the docs build, vitest, Playwright), then one summary with the slowest files; exit 1 if any failed.", "npm run test:quick")
  .option("--quick", "the inner loop: the static checks but the docs build, the vitest files that start no server, and the server tests importing what changed")
  .parse()
  .opts<{ quick?: boolean }>();
// A TEST_DATABASES the run cannot take stops it here, in one line, before anything starts.
const databases = (() => {
  try {
    return testedDatabases();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
})();
const reports = mkdtempSync(join(tmpdir(), "rmj-test-"));
const bin = (name: string) => join("node_modules", ".bin", name);
const since = (started: number) => (Date.now() - started) / 1000;
// ANSI colours and the blank lines around a message are noise in a one-line reason.
const firstLine = (text: unknown) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").trim().split("\n")[0]!.slice(0, 200);

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...options.env } });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", (error) => resolve({ ok: false, output: `${output}${error.message}\n`, seconds: since(started) }));
    child.once("exit", (code) => resolve({ ok: code === 0, output, seconds: since(started) }));
  });
}

function readJson(file: string): any {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** A check that passes or fails as one: its output is printed as a block once it ends, so side-by-side checks do not interleave. */
async function check(name: string, command: string, args: string[]): Promise<StepResult> {
  const result = await run(command, args, { quiet: true });
  console.log(`\n── ${name} (${result.seconds.toFixed(0)} s) ${"─".repeat(Math.max(0, 40 - name.length))}\n${result.output.trimEnd()}`);
  return { name, ok: result.ok, passed: result.ok ? 1 : 0, failed: result.ok ? 0 : 1, seconds: result.seconds };
}

let vitestRuns = 0;
async function vitest(name: string, args: string[]): Promise<Ran> {
  const json = join(reports, `vitest-${vitestRuns}.json`);
  // Each file's CPU, as tests/setup.ts writes it after the file's last test.
  const cpuLog = join(reports, `vitest-cpu-${vitestRuns++}.jsonl`);
  const result = await run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${json}`, ...args], { env: { RMJ_TEST_CPU_LOG: cpuLog } });
  const report = readJson(json) ?? {};
  const files: any[] = report.testResults ?? [];
  // A file that fails to load has no failed test of its own: count it once; a file whose tests failed is counted by its tests.
  const unloaded = files.filter((file) => file.status === "failed" && !file.assertionResults?.some((test: any) => test.status === "failed")).length;
  return {
    step: { name, ok: result.ok, passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + unloaded, seconds: result.seconds },
    files: files.map((file) => ({ file: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 })),
    cpu: cpuByFile(cpuLog),
    failures: files.flatMap((file): Failure[] => {
      const where = relative(process.cwd(), file.name);
      const tests = (file.assertionResults ?? []).filter((test: any) => test.status === "failed");
      if (file.status === "failed" && tests.length === 0) return [{ where, reason: firstLine(file.message) || "the file did not load" }];
      return tests.map((test: any) => ({ where: `${where} › ${test.fullName ?? test.title}`, reason: firstLine(test.failureMessages?.[0]) }));
    }),
  };
}

function cpuByFile(log: string): FileTime[] {
  const lines = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
  return lines.map((line) => JSON.parse(line) as { file: string; own: number; children: number }).map(({ file, own, children }) => ({ file: relative(process.cwd(), file), seconds: own + children }));
}

/** Each spec file's time: the sum of its tests' (setup in beforeAll included, as Playwright reports it). */
function playwrightFiles(report: any): FileTime[] {
  const totals = new Map<string, number>();
  const walk = (suite: any, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) totals.set(file, (totals.get(file) ?? 0) + (result.duration ?? 0) / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report?.suites ?? []) walk(suite, join("tests/e2e", suite.file ?? suite.title));
  return [...totals].map(([file, seconds]) => ({ file, seconds }));
}

/** Tests that failed, or failed and then passed on the retry (flaky counts as failed: failOnFlakyTests). */
function playwrightFailures(report: any): Failure[] {
  const failures: Failure[] = [];
  const walk = (suite: any, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = test.results?.find((result: any) => result.error)?.error;
        const where = `tests/e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}${test.status === "flaky" ? " (flaky: passed on the retry)" : ""}`;
        failures.push({ where, reason: firstLine(error?.message) });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  for (const error of report?.errors ?? []) failures.push({ where: "playwright", reason: firstLine(error.message) });
  return failures;
}

async function playwright(): Promise<Ran> {
  const chromium = testChromiumPath();
  if (!existsSync(chromium)) {
    const note = "Chromium not found at /usr/bin/chromium-headless-shell or /usr/bin/chromium (or $CHROMIUM_PATH): install it with `apt-get install -y chromium-headless-shell` (as root) to run the browser tests.";
    console.error(note);
    return { step: { name: "playwright (end-to-end)", ok: false, passed: 0, failed: 1, seconds: 0, note }, files: [], failures: [] };
  }
  const json = join(reports, "playwright.json");
  // CHROMIUM_PATH is passed on only as the user set it: a spec that needs the full browser (report.spec) asks for it itself.
  const result = await run(bin("playwright"), ["test"], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json } });
  const report = readJson(json);
  const stats = report?.stats ?? {};
  return {
    step: { name: "playwright (end-to-end)", ok: result.ok, passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), seconds: result.seconds },
    files: playwrightFiles(report),
    failures: playwrightFailures(report),
  };
}

/** The vitest steps: everything, or for --quick the files that start no server and the server tests of what changed. */
async function vitestSteps(): Promise<Ran[]> {
  if (!quick) return [await vitest("vitest (unit, component, integration)", [])];
  const { light, server } = splitTestFiles();
  const pure = await vitest(`vitest: the ${light.length} files that start no server`, light);
  const changed = await vitest(`vitest: of the ${server.length} that start servers, those importing what changed (--changed)`, ["--changed", "--passWithNoTests", ...server]);
  return [pure, changed];
}

function slowest(title: string, files: FileTime[]): void {
  console.log(`\n── The 20 slowest ${title} ──`);
  for (const { file, seconds } of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 20)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}

const started = Date.now();
// Everything at once. Alone, vitest kept the two cores 86 % busy and Playwright 77 % (a fresh clone, idle
// machine): both wait a lot (slow servers, pg_cron's minute, the redirect's 1.5 s, each spec's stack), and
// side by side each fills the other's waits. Their lines interleave; each runner's failures and the summary
// below come whole.
const [statics, units, e2e] = await Promise.all([
  Promise.all([
    check("codegen --check", bin("tsx"), ["scripts/codegen.ts", "--check"]),
    check("typecheck", bin("tsc"), ["--noEmit", "-p", "."]),
    // The docs site: a dead link or a page VitePress cannot compile fails here, not on the next reader.
    ...(quick ? [] : [check("docs:build", bin("vitepress"), ["build", "docs"])]),
  ]),
  vitestSteps(),
  quick ? Promise.resolve([]) : playwright().then((ran) => [ran]),
]);

slowest("vitest files (each file's own time; two at a time, beside Playwright)", units.flatMap((ran) => ran.files));
// CPU is what two cores run out of: a file that waits a minute costs little, one that computes for 20 s costs 20.
slowest("vitest files by CPU (the file's process and the commands it waited for; not the PostgreSQL servers)", units.flatMap((ran) => ran.cpu ?? []));
if (e2e[0]) slowest("Playwright spec files (the sum of their tests; two at a time, beside vitest)", e2e[0].files);

// The durations a fresh clone orders its files by (sequencer.ts), from this run, for when the order has drifted.
if (!quick && units[0]) {
  const durations = Object.fromEntries(units[0].files.map(({ file, seconds }) => [file, Math.round(seconds * 10) / 10] as const).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(reports, "file-durations.json"), `${JSON.stringify(durations, null, 2)}\n`);
  console.log(`\nThis run's durations per vitest file: ${join(reports, "file-durations.json")} (copy it over ${DURATIONS_FILE} when the fresh-clone order has drifted)`);
}

// Last, so the tail of a long log (all a CI page may keep) says what failed, not only how many.
const failures = [...units, ...e2e].flatMap((ran) => ran.failures);
if (failures.length > 0) {
  console.log("\n── Failed ──────────────────────────────────────────");
  for (const { where, reason } of failures) console.log(`  ✘ ${where}\n      ${reason}`);
}

const results = [...statics, ...[...units, ...e2e].map((ran) => ran.step)];
console.log("\n── Summary ─────────────────────────────────────────");
for (const step of results) {
  console.log(`${step.ok ? "PASS" : "FAIL"}  ${step.name}: ${step.passed} passed, ${step.failed} failed, ${step.seconds.toFixed(0)} s${step.note ? ` (${step.note})` : ""}`);
}
const passed = results.reduce((sum, step) => sum + step.passed, 0);
const failed = results.reduce((sum, step) => sum + step.failed, 0) + results.filter((step) => !step.ok && step.failed === 0).length;
console.log(`${passed} passed, ${failed} failed in ${since(started).toFixed(0)} s`);
const otherDatabase = databases.length > 1 ? "" : databases[0] === "PGlite" ? "; `npm test` runs them on PostgreSQL 15" : "; `npm run test:pglite` runs them on PGlite";
console.log(`The SQL and data-API files ran on ${databases.join(" and ")}${otherDatabase}.`);
process.exit(results.every((step) => step.ok) ? 0 : 1);
