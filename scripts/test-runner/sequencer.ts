/**
 * The order vitest starts its files in. Two workers take files one after the
 * other, so a long file started last is a tail the other worker spends idle.
 * With the durations of an earlier run in vitest's cache (a developer's
 * machine), vitest's own order does it: longest first. On a fresh clone (CI)
 * there is no cache, and vitest keeps the order it found the files in, which
 * put the files that mostly wait (pg_cron's next minute, the outbox under
 * faults, the slow servers) in the last minutes, after Playwright had ended
 * and nothing filled their waits. Then the durations of a reference run,
 * kept in tests/file-durations.json, give the longest-first order; a file
 * not in it yet is placed by what it does (a server file as 8 s, one that
 * runs commands as 4, a pure one as half a second, the median of each group).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { splitTestFiles } from "./server-tests.ts";

/** Where the reference durations live (file → seconds); `npm test` writes a fresh copy beside its reports. */
export const DURATIONS_FILE = "tests/file-durations.json";

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const timed = files.every((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`));
    if (timed) return super.sort(files);
    const reference: Record<string, number> = existsSync(join(root, DURATIONS_FILE)) ? JSON.parse(readFileSync(join(root, DURATIONS_FILE), "utf8")) : {};
    const { server, spawning } = splitTestFiles(root);
    const [servers, spawners] = [new Set(server), new Set(spawning)];
    const estimate = (path: string) => reference[path] ?? (servers.has(path) ? 8 : spawners.has(path) ? 4 : 0.5);
    // The file's size only breaks ties (bytes are a thousandth of a second here).
    const weight = (file: TestSpecification) => estimate(relative(root, file.moduleId)) * 1e9 + statSync(file.moduleId).size;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
