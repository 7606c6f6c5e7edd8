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
import type { Command } from "commander";
import { runningDataApiUrl } from "../data-api/data-dir-lock.ts";
import { SERVICE_ROLE_KEY } from "../data-api/keys.ts";
import { resolveOptions } from "../data-api/options.ts";
import { onShutdown } from "../data-api/process-lifecycle.ts";
import { cli, subcommand, UserError } from "../lib/cli.ts";
import { restStore, StoreUnavailableError, type OutboxStore } from "../../notifications/store.ts";
import { statusLines } from "./status.ts";

async function target(): Promise<{ url: string; key: string }> {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key } = process.env;
  if (url) {
    if (!key) throw new UserError("[outbox] SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not");
    return { url, key };
  }
  const { dataDir, port } = resolveOptions();
  return { url: (dataDir && (await runningDataApiUrl(dataDir))) || `http://127.0.0.1:${port}`, key: SERVICE_ROLE_KEY };
}

/** Runs `work` with the store; a data API that does not answer is the operator's to start, not a bug. */
async function withStore(work: (store: OutboxStore, url: string) => Promise<void>): Promise<void> {
  const { url, key } = await target();
  try {
    await work(restStore(url, key), url);
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw new UserError(`${error.message}; start the local data API with npm run db:start, or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY`);
    throw error;
  }
}

const outbox = cli("npm run outbox --", "Delivers the notifications' outbox, sends failed events again, and shows each channel's state.", "npm run outbox -- status");

subcommand(outbox, "work", "deliver events until Ctrl-C", "npm run outbox -- work").action(() =>
  withStore(async (store, url) => {
    // The worker and its mail and webhook code load when a command needs them: --help and a usage mistake answer without them.
    const [{ outboxWorker }, { workerSettings }] = await Promise.all([import("../../notifications/worker.ts"), import("../../notifications/settings.ts")]);
    let stopping = false;
    console.log(`[outbox] delivering the events of ${url}; Ctrl-C stops`);
    const running = outboxWorker(store, workerSettings((name) => process.env[name])).runUntil(() => stopping, (line) => console.error(line));
    // Ctrl-C stops claiming and lets the sends in flight finish and be recorded (within the shutdown's 8 s): the next worker
    // then finds them sent or released, not held until their lease ends.
    onShutdown(async () => {
      stopping = true;
      await running;
    });
    await running;
  }),
);

subcommand(outbox, "replay", "send again what was not delivered since a time (--all: everything since then)", "npm run outbox -- replay --since 2026-11-20T00:00:00-03:00 --channel crm")
  .requiredOption("--since <time>", "an ISO time, e.g. 2026-11-20T00:00:00-03:00")
  .option("--channel <name>", "only this channel")
  .option("--all", "also the events that were delivered")
  .action((values: { since: string; channel?: string; all?: boolean }, command: Command) => {
    if (Number.isNaN(Date.parse(values.since))) command.error(`[outbox] --since "${values.since}" is not a time, e.g. --since 2026-11-20T00:00:00-03:00`);
    return withStore(async (store) => {
      const count = await store.replay(new Date(values.since).toISOString(), values.channel ?? null, values.all ?? false);
      console.log(`[outbox] ${count} event(s) will be sent again by the worker`);
    });
  });

subcommand(outbox, "status", "each channel's state and last failures", "npm run outbox -- status").action(() =>
  withStore(async (store) => console.log(statusLines(await store.state()).join("\n"))),
);

subcommand(outbox, "digest", "a channel's digest for a period, shown (or sent with --send); the scheduled one still goes", "npm run outbox -- digest --channel resumo --since 2026-11-20T00:00:00-03:00 --send")
  .requiredOption("--channel <name>", "the digest channel (survey/name when several surveys have one of that name)")
  .requiredOption("--since <time>", "the period's start, an ISO time")
  .option("--until <time>", "the period's end (default: now)")
  .option("--send", "send it instead of showing it")
  .action((values: { channel: string; since: string; until?: string; send?: boolean }, command: Command) => {
    for (const time of [values.since, values.until]) if (time !== undefined && Number.isNaN(Date.parse(time))) command.error(`[outbox] "${time}" is not a time, e.g. 2026-11-20T00:00:00-03:00`);
    return withStore(async (store) => {
      const [{ digestCommand }, { workerSettings }] = await Promise.all([import("./digest-command.ts"), import("../../notifications/settings.ts")]);
      console.log((await digestCommand(store, workerSettings((name) => process.env[name]), { ...values, send: values.send ?? false })).join("\n"));
    });
  });

await outbox.parseAsync();
