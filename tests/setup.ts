import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, expect, vi } from "vitest";

// The DOM matchers (toBeInTheDocument, toHaveValue…) are for the files that run in jsdom; the other
// files (more than three quarters of them) do not pay for loading them.
if (typeof document !== "undefined") await import("@testing-library/jest-dom/vitest");

// A file that starts a dynamic import without waiting for it (a lazy section) must not end before it loads: vitest
// tears the file's environment down then, and the load fails as an unhandled EnvironmentTeardownError charged to
// whichever file runs at that moment, in a process shared by files too. Registered first, so it runs after the
// file's own afterAll hooks. It waits for the imports vitest tracks; a prefetch of a mocked module it did not wait
// for (first-view.test awaits that one itself).
afterAll(() => vi.dynamicImportSettled());

// npm test's summary ranks the files by CPU as well as by time (scripts/test-runner/run.ts): after a file's
// last test, what its process spent since the previous file ended there (each file has a process of its
// own; were several to share one, each would still get its own part): its own CPU (the test code, PGlite in WebAssembly, builds) and its waited-for children's (tsx commands,
// PostgREST, psql). A PostgreSQL server pg_ctl detaches is nobody's child and is not counted.
const cpuLog = process.env.RMJ_TEST_CPU_LOG;
if (cpuLog) {
  afterAll(() => {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    const [user, system, childrenUser, childrenSystem] = [11, 12, 13, 14].map((index) => Number(fields[index]) / 100) as [number, number, number, number];
    const seen = globalThis as { rmjCpuSeen?: { own: number; children: number } };
    const before = seen.rmjCpuSeen ?? { own: 0, children: 0 };
    seen.rmjCpuSeen = { own: user + system, children: childrenUser + childrenSystem };
    appendFileSync(cpuLog, `${JSON.stringify({ file: expect.getState().testPath, own: seen.rmjCpuSeen.own - before.own, children: seen.rmjCpuSeen.children - before.children })}\n`);
  });
}
