/**
 * `npm start`: the local data API, a production build that talks to it, and
 * the build served at http://localhost:4173 (as a static host would). Ctrl-C
 * stops everything.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { startDataApi } from "./data-api/index.ts";
import { storageDescription } from "./data-api/options.ts";
import { dyingWithParent, onShutdown } from "./data-api/process-lifecycle.ts";
import { serveDist } from "./serve-dist.ts";
import { readSurveyFiles } from "./lib/survey-files.ts";
import { startWorkerBeside } from "./notifications/beside-data-api.ts";
import type { SurveyConfig } from "../src/generated/survey-config.ts";
import { teamLinks } from "./team/start-links.ts";
import { cli } from "./lib/cli.ts";

// No options of its own (the environment sets ports and folders), but --help and a mistyped option answer as every
// command does, instead of starting the whole stack.
cli("npm start --", "Starts the local data API, builds the site against it and serves it at http://localhost:4173 (PORT, DIST_DIR and the data API's variables change where); Ctrl-C stops everything.", "PORT=8080 npm start").parse();

const PORT = Number(process.env.PORT || 4173);
/** Where the build goes and is served from. */
const DIST_DIR = resolve(process.env.DIST_DIR || "dist");

const api = await startDataApi().catch((error: Error) => {
  // PortInUseError and MigrationError carry a message meant for the terminal as it is.
  console.error(error.message);
  process.exit(1);
});
const build = spawnSync(...dyingWithParent("node_modules/.bin/vite", ["build", "--outDir", DIST_DIR, "--emptyOutDir"]), {
  stdio: "inherit",
  env: { ...process.env, VITE_SUPABASE_URL: api.url, VITE_SUPABASE_ANON_KEY: api.anonKey },
});
if (build.status !== 0) {
  await api.stop();
  process.exit(build.status ?? 1);
}

const server = await serveDist(DIST_DIR, PORT).catch(async (error: NodeJS.ErrnoException) => {
  await api.stop();
  console.error(error.code === "EADDRINUSE" ? `Port ${PORT} is already in use: stop what runs there or set PORT.` : error.message);
  process.exit(1);
});
onShutdown(() => new Promise((done) => server.close(() => done(undefined))));
const surveys = readSurveyFiles("surveys").files.map((survey) => survey.data as SurveyConfig);
const notifications = startWorkerBeside(api, surveys);

console.log(`
The survey is served at:
${surveys.map(({ route }) => `  http://localhost:${PORT}${route}`).join("\n")}

Answers are stored by the local data API at ${api.url} (${storageDescription()}).
service_role key (reads every response): ${api.serviceRoleKey}
${notifications ? `${notifications.line}\n` : ""}
${await teamLinks({ url: api.url, serviceKey: api.serviceRoleKey }, `http://localhost:${PORT}`)}

Press Ctrl-C to stop.`);
