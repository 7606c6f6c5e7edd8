import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { prerender } from "./scripts/vite-plugin-prerender.ts";
import { surveysPlugin } from "./scripts/vite-plugin-surveys.ts";

// The survey files the app is built from: surveys/. A test may build another
// set (SURVEYS_DIR=tests/fixtures/surveys/…); the product never ships those.
const surveysDir = process.env.SURVEYS_DIR || "surveys";

export default defineConfig({
  plugins: [react(), surveysPlugin({ dir: surveysDir }), prerender({ surveysDir })],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
  test: {
    environment: "node",
    include: ["tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    setupFiles: ["tests/setup.ts"],
    testTimeout: 20_000,
    // Integration tests start real servers; two cores do not run many at once well.
    maxWorkers: 2,
    // supabase-js constructs its realtime client eagerly and needs a WebSocket, which Node 20 only has behind this flag (Node 22 by default).
    execArgv: ["--experimental-websocket"],
  },
});
