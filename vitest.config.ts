import { readFileSync } from "node:fs";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";
import LongestFirstSequencer from "./scripts/test-runner/sequencer.ts";
import { splitTestFiles } from "./scripts/test-runner/server-tests.ts";

const EXCLUDE = ["tests/e2e/**", "node_modules/**"];

/**
 * The files that start no server, run no command and need no DOM (pure logic: the core, the report's
 * numbers, the checks of survey files) share one process per worker instead of one each: 75 files took
 * 53 s of CPU isolated and 21 s shared, almost all of it each new process loading vitest and the modules
 * again. Such a file must put back what it changes (process.env, a global) before it ends. The jsdom
 * files keep a process each: sharing one, they shared the DOM and React's state (docs/developers/tests.md).
 */
const { light, spawning } = splitTestFiles(import.meta.dirname);
const inJsdom = (file: string) => file.endsWith(".tsx") || readFileSync(file, "utf8").includes("@vitest-environment jsdom");
const SHARED = light.filter((file) => !inJsdom(file) && !spawning.includes(file));

// The app's own Vite configuration (its plugins give the tests the surveys' virtual modules), plus the tests' settings.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "node",
      setupFiles: ["tests/setup.ts"],
      testTimeout: 20_000,
      // Integration tests start real servers; two cores do not run many at once well.
      maxWorkers: 2,
      // On a fresh clone the longest files go first, by the reference durations (scripts/test-runner/sequencer.ts).
      sequence: { sequencer: LongestFirstSequencer },
      // supabase-js constructs its realtime client eagerly and needs a WebSocket, which Node 20 only has behind this flag (Node 22 by default).
      execArgv: ["--experimental-websocket"],
      projects: [
        { extends: true, test: { name: "isolated", include: ["tests/**/*.test.{ts,tsx}"], exclude: [...EXCLUDE, ...SHARED] } },
        { extends: true, test: { name: "shared", include: SHARED, exclude: EXCLUDE, isolate: false } },
      ],
    },
  }),
);
