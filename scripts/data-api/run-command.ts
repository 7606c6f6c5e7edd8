// Runs a command (a web server, a test runner) next to the data API, for the
// `npm start` / `npm run dev` wrappers: both stop when either ends or on Ctrl-C.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { startDataApi, type DataApi, type DataApiOptions } from "./index.ts";
import { dyingWithParent, onShutdown, stopProcess, trackChild } from "./process-lifecycle.ts";

/** How a child finds the data API: the names supabase tooling and the Vite app read. */
export function dataApiEnv(api: DataApi): Record<string, string> {
  return {
    SUPABASE_URL: api.url,
    SUPABASE_ANON_KEY: api.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: api.serviceRoleKey,
    VITE_SUPABASE_URL: api.url,
    VITE_SUPABASE_ANON_KEY: api.anonKey,
  };
}

/** Starts the data API, runs `command` until it exits, stops the API; returns the exit code. */
export async function runWithDataApi(command: string[], options?: DataApiOptions): Promise<number> {
  const [file, ...args] = command;
  if (!file) throw new Error("No command to run: use `run -- <command...>`.");
  const api = await startDataApi(options);
  // SIGTERM when this process dies: a dev server gets to close its watchers.
  const child = spawn(...dyingWithParent(file, args, "SIGTERM"), {
    stdio: "inherit",
    env: { ...process.env, ...dataApiEnv(api) },
  });
  trackChild(child);
  // On Ctrl-C the child usually got the SIGINT itself (same process group); the
  // SIGTERM covers `kill <pid>` aimed at this process alone.
  const unregister = onShutdown(() => stopProcess(child));
  const code = await new Promise<number>((resolve) => {
    child.once("error", (error) => {
      console.error(`Could not run ${file}: ${error.message}`);
      resolve(127);
    });
    child.once("exit", (exitCode, signal) =>
      resolve(exitCode ?? 128 + (signal ? constants.signals[signal] : 0)),
    );
  });
  unregister();
  await api.stop();
  return code;
}
