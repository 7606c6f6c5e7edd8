// Real processes for fault tests: spawn an npm script, read what it prints, find
// the pids it reports, kill them with SIGKILL and check what is left.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPE = /\x1b\[[0-9;]*m/g;

export interface Spawned {
  readonly child: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /**
   * Resolves with the first match of `pattern` in the output (searched from
   * `from`); rejects with the output if the process ends first or after `timeoutMs`.
   */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/** Runs `npm run <script>` in the repository with extra environment. */
export function npmRun(script: string, env: Record<string, string>, args: string[] = []): Spawned {
  const child = spawn("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
    cwd: REPO_ROOT,
    // Colour codes would split what the tests look for ("Local:" in Vite's banner);
    // tools colour their output whenever CI is set, as it is on the CI machine.
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString().replace(ANSI_ESCAPE, "");
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, from = 0, timeoutMs = 180_000) =>
      new Promise((resolve, reject) => {
        const fail = (why: string) => {
          if (!listeners.delete(check)) return;
          clearTimeout(timer);
          reject(new Error(`npm run ${script} ${why} before printing ${pattern}:\n${output}`));
        };
        const check = () => {
          const match = output.slice(from).match(pattern);
          if (!match) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        };
        const timer = setTimeout(() => fail(`ran ${timeoutMs} ms`), timeoutMs);
        listeners.add(check);
        check();
        void exited.then((how) => fail(`ended (${how})`));
      }),
  };
}

/** True while `pid` is a live process (a zombie, which holds no port or memory, counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** `pid` and every process below it, from /proc (Linux). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (listed) children.push(...listed.split(" ").map(Number));
    }
  } catch {
    children = [];
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Waits until none of `pids` runs; returns those still running after `timeoutMs`. */
export async function survivors(pids: number[], timeoutMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = pids.filter(isRunning);
    if (running.length === 0 || Date.now() > deadline) return running;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGKILLs `pid` if it still runs (cleanup after a failed test). */
export function killIfRunning(pid: number | undefined): void {
  if (pid !== undefined && isRunning(pid)) process.kill(pid, "SIGKILL");
}
