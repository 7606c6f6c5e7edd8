import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";
import LongestFirstSequencer from "./scripts/test-runner/sequencer.ts";
import { sharedProcessFiles } from "./scripts/test-runner/server-tests.ts";

const EXCLUDED = ["tests/e2e/**", "node_modules/**"];
// The files that start databases and change nothing of the process share one per worker (server-tests.ts).
const SHARED_PROCESS = sharedProcessFiles(import.meta.dirname);

// The app's own Vite configuration (its plugins give the tests the surveys' virtual modules), plus the tests' settings.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "node",
      // Each project's files are its own: a project extending this configuration would add to an include written here.
      exclude: EXCLUDED,
      setupFiles: ["tests/setup.ts"],
      // The commands the tests start, bundled once (tests/support/command-bundles.ts).
      globalSetup: ["tests/global-setup.ts"],
      testTimeout: 20_000,
      // Integration tests start real servers; two cores do not run many at once well.
      maxWorkers: 2,
      // On a fresh clone the longest files go first, by the reference durations (scripts/test-runner/sequencer.ts).
      sequence: { sequencer: LongestFirstSequencer },
      // supabase-js constructs its realtime client eagerly and needs a WebSocket, which Node 20 only has behind this flag (Node 22 by default).
      execArgv: ["--experimental-websocket"],
      projects: [
        { extends: true, test: { name: "own-process", include: ["tests/**/*.test.{ts,tsx}"], exclude: SHARED_PROCESS } },
        { extends: true, test: { name: "shared-process", include: SHARED_PROCESS, isolate: false } },
      ],
    },
  }),
);
