/**
 * `npm run outbox -- <command>`: the outbox worker as a local process, and
 * the operator's commands (docs/operators/notifications.md).
 *   work                                  deliver events until Ctrl-C
 *   replay --since <time> [--channel <name>] [--all]
 *                                         send again what was not delivered since then (--all: everything)
 *   status                                each channel's state and last failures
 *   digest --channel <name> --since <time> [--until <time>] [--send]
 *                                         a digest for that period, shown (or sent with --send)
 * Talks to SUPABASE_URL with SUPABASE_SERVICE_ROLE_KEY when set, else to the
 * local data API (npm run db:start) with its service_role key.
 */
import { parseArgs } from "node:util";
import { runningDataApiUrl, SERVICE_ROLE_KEY } from "../data-api/index.ts";
import { resolveOptions } from "../data-api/options.ts";
import { onShutdown } from "../data-api/process-lifecycle.ts";
import { workerSettings } from "../../notifications/settings.ts";
import { restStore } from "../../notifications/store.ts";
import { outboxWorker } from "../../notifications/worker.ts";
import { digestCommand } from "./digest-command.ts";
import { statusLines } from "./status.ts";

const USAGE = "usage: npm run outbox -- work | replay --since <ISO time> [--channel <name>] [--all] | status | digest --channel <name> --since <ISO time> [--until <ISO time>] [--send]";

async function target(): Promise<{ url: string; key: string }> {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key } = process.env;
  if (url) {
    if (!key) throw new Error("[outbox] SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not");
    return { url, key };
  }
  const { dataDir, port } = resolveOptions();
  return { url: (dataDir && (await runningDataApiUrl(dataDir))) || `http://127.0.0.1:${port}`, key: SERVICE_ROLE_KEY };
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { since: { type: "string" }, until: { type: "string" }, channel: { type: "string" }, all: { type: "boolean", default: false }, send: { type: "boolean", default: false } },
});
const { url, key } = await target();
const store = restStore(url, key);

switch (positionals[0]) {
  case "work": {
    let stopping = false;
    onShutdown(async () => (stopping = true));
    console.log(`[outbox] delivering the events of ${url}; Ctrl-C stops`);
    await outboxWorker(store, workerSettings((name) => process.env[name])).runUntil(() => stopping, (line) => console.error(line));
    break;
  }
  case "replay": {
    if (!values.since || Number.isNaN(Date.parse(values.since))) {
      console.error(`[outbox] replay needs --since <time>, e.g. --since 2026-11-20T00:00:00-03:00\n${USAGE}`);
      process.exit(2);
    }
    const count = await store.replay(new Date(values.since).toISOString(), values.channel ?? null, values.all);
    console.log(`[outbox] ${count} event(s) will be sent again by the worker`);
    break;
  }
  case "status":
    console.log(statusLines(await store.state()).join("\n"));
    break;
  case "digest":
    console.log((await digestCommand(store, workerSettings((name) => process.env[name]), values)).join("\n"));
    break;
  default:
    console.error(USAGE);
    process.exit(2);
}
