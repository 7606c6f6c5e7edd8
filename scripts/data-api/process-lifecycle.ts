// Child processes must not outlive the data API: a stray PostgREST would keep its
// port and retry its database forever. Children are SIGKILLed when this process
// exits for any reason Node can observe, and SIGINT/SIGTERM/SIGHUP first run the
// registered shutdown hooks (which close PGlite cleanly) before exiting.
//
// Two cases no handler in this process can see, covered otherwise:
// - this process is SIGKILLed: children started through dyingWithParent() get a
//   signal from the kernel (the parent-death signal, set by util-linux's setpriv);
// - our parent (npm) is SIGKILLed: nothing signals us, but we are re-parented,
//   which a cheap poll of process.ppid notices; that counts as a hang-up.
import { spawnSync, type ChildProcess } from "node:child_process";
import { constants } from "node:os";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const SHUTDOWN_TIMEOUT_MS = 8000;
const PARENT_POLL_MS = 500;
const parentAtStart = process.ppid;

const children = new Set<ChildProcess>();
const hooks = new Set<() => Promise<unknown>>();
let installed = false;
let shuttingDown = false;

function killChildren(): void {
  for (const child of children) child.kill("SIGKILL");
}

async function shutdown(signal: (typeof SIGNALS)[number]): Promise<void> {
  const exitCode = 128 + constants.signals[signal];
  // A second Ctrl-C means "now".
  if (shuttingDown) process.exit(exitCode);
  shuttingDown = true;
  const timeout = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_TIMEOUT_MS).unref());
  await Promise.race([Promise.allSettled([...hooks].map((hook) => hook())), timeout]);
  process.exit(exitCode);
}

const onSignal = (signal: (typeof SIGNALS)[number]) => void shutdown(signal);
let parentWatch: NodeJS.Timeout | undefined;

// Handlers are installed only while something needs them, so that a process that
// merely imported this module keeps Node's default signal behaviour.
function updateHandlers(): void {
  const needed = children.size > 0 || hooks.size > 0;
  if (needed === installed) return;
  installed = needed;
  for (const signal of SIGNALS) {
    if (needed) process.on(signal, onSignal);
    else process.off(signal, onSignal);
  }
  if (needed) process.on("exit", killChildren);
  else process.off("exit", killChildren);
  clearInterval(parentWatch);
  if (needed) {
    parentWatch = setInterval(() => {
      if (process.ppid !== parentAtStart) void shutdown("SIGHUP");
    }, PARENT_POLL_MS).unref();
  }
}

let setprivWorks: boolean | undefined;

/**
 * `file args` as a command that the kernel sends `signal` when this process dies,
 * even by SIGKILL. Needs setpriv (util-linux, on every Debian); without it the
 * command is returned unchanged and only the exits Node observes are covered.
 */
export function dyingWithParent(
  file: string,
  args: string[],
  signal: "SIGKILL" | "SIGTERM" = "SIGKILL",
): [string, string[]] {
  setprivWorks ??=
    process.platform === "linux" &&
    spawnSync("setpriv", ["--pdeathsig", "KILL", "--", "true"]).status === 0;
  if (!setprivWorks) return [file, args];
  return ["setpriv", ["--pdeathsig", signal.slice(3), "--", file, ...args]];
}

/** Kills the child when this process exits, until the child exits by itself. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => {
    children.delete(child);
    updateHandlers();
  });
  updateHandlers();
}

/** Runs `hook` on SIGINT/SIGTERM/SIGHUP before exiting. Returns an unregister function. */
export function onShutdown(hook: () => Promise<unknown>): () => void {
  hooks.add(hook);
  updateHandlers();
  return () => {
    hooks.delete(hook);
    updateHandlers();
  };
}

/** SIGTERM, then SIGKILL if the child is still running after `timeoutMs`. */
export async function stopProcess(child: ChildProcess, timeoutMs = 5000): Promise<void> {
  // No pid: spawning failed, there is nothing to stop.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}
