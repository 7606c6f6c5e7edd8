/**
 * `npm test`: every check in order — generated files up to date, types,
 * the docs site builds with no dead link,
 * unit + component + integration tests (vitest), browser end-to-end tests
 * (Playwright in Debian's Chromium) — then one summary. A failing step does
 * not hide the later ones; the exit code is 1 if any failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumPath } from "./chromium.ts";

interface StepResult { name: string; ok: boolean; passed: number; failed: number; note?: string }

const reports = mkdtempSync(join(tmpdir(), "rmj-test-"));

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function countFromJson(file: string, read: (report: any) => { passed: number; failed: number }) {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 0 };
  }
}


const results: StepResult[] = [];
const bin = (name: string) => join("node_modules", ".bin", name);

const codegenOk = run(bin("tsx"), ["scripts/codegen.ts", "--check"]);
results.push({ name: "codegen --check", ok: codegenOk, passed: codegenOk ? 1 : 0, failed: codegenOk ? 0 : 1 });

const typesOk = run(bin("tsc"), ["--noEmit", "-p", "."]);
results.push({ name: "typecheck", ok: typesOk, passed: typesOk ? 1 : 0, failed: typesOk ? 0 : 1 });

// The docs site: a dead link or a page VitePress cannot compile fails here, not on the next reader.
const docsOk = run(bin("vitepress"), ["build", "docs"]);
results.push({ name: "docs:build", ok: docsOk, passed: docsOk ? 1 : 0, failed: docsOk ? 0 : 1 });

const vitestJson = join(reports, "vitest.json");
const vitestOk = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
// A file that fails to load has no failed test of its own: count it once; a file whose tests failed is counted by its tests.
const vitestCounts = countFromJson(vitestJson, (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.testResults ?? []).filter((file: any) => file.status === "failed" && !file.assertionResults?.some((test: any) => test.status === "failed")).length,
}));
results.push({ name: "vitest (unit, component, integration)", ok: vitestOk, ...vitestCounts });

const chromium = chromiumPath();
if (!existsSync(chromium)) {
  const message = "Chromium not found at /usr/bin/chromium (or $CHROMIUM_PATH): install it with `apt-get install -y chromium` (as root) to run the browser tests.";
  console.error(message);
  results.push({ name: "playwright (end-to-end)", ok: false, passed: 0, failed: 1, note: message });
} else {
  const playwrightJson = join(reports, "playwright.json");
  const e2eOk = run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, CHROMIUM_PATH: chromium });
  const e2eCounts = countFromJson(playwrightJson, (r) => ({ passed: r.stats?.expected ?? 0, failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0) }));
  results.push({ name: "playwright (end-to-end)", ok: e2eOk, ...e2eCounts });
}

console.log("\n── Summary ─────────────────────────────────────────");
for (const step of results) {
  console.log(`${step.ok ? "PASS" : "FAIL"}  ${step.name}: ${step.passed} passed, ${step.failed} failed${step.note ? ` (${step.note})` : ""}`);
}
const passed = results.reduce((sum, step) => sum + step.passed, 0);
const failed = results.reduce((sum, step) => sum + step.failed, 0) + results.filter((step) => !step.ok && step.failed === 0).length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((step) => step.ok) ? 0 : 1);
