/**
 * The order vitest starts its files in. Two workers take files one after the
 * other, so a long file started last is a tail the other worker spends idle.
 * With the durations of an earlier run in vitest's cache (a developer's
 * machine), vitest's own order does it: longest first. On a fresh clone (CI)
 * there is no cache, and vitest keeps the order it found the files in, which
 * puts the files that wait longest (pg_cron's next minute, the outbox under
 * faults, the slow servers) wherever their folder falls. Then the files that
 * start servers go first, then those that run commands (the CLI convention's
 * sixty processes, codegen's), larger files first in each, and the pure ones
 * (a second each) fill in at the end.
 */
import { statSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { splitTestFiles } from "./server-tests.ts";

export default class ServersFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const timed = files.every((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`));
    if (timed) return super.sort(files);
    const { server, spawning } = splitTestFiles(root);
    const [servers, spawners] = [new Set(server), new Set(spawning)];
    const group = (path: string) => (servers.has(path) ? 2e12 : spawners.has(path) ? 1e12 : 0);
    const weight = (file: TestSpecification) => group(relative(root, file.moduleId)) + statSync(file.moduleId).size;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
