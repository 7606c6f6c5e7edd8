/**
 * The outbox worker in production: a Supabase Edge Function (Deno) that the
 * pg_cron job of scripts/sql/outbox-cron-sql.ts calls every minute. It runs
 * the same TypeScript as `npm run outbox -- work` (notifications/), claiming
 * and sending until nothing is due or its minute is nearly spent. Deployed
 * with --no-verify-jwt: it checks its own key, OUTBOX_FUNCTION_KEY, which the
 * cron job reads from Vault (docs/operators/notifications.md).
 */
import { workerSettings } from "../../../notifications/settings.ts";
import { restStore } from "../../../notifications/store.ts";
import { outboxWorker } from "../../../notifications/worker.ts";

/** Under the cron job's 60 s request timeout and the function's wall-clock limit. */
const BUDGET_MS = 45_000;
const env = (name: string) => Deno.env.get(name);

Deno.serve(async (request) => {
  const key = env("OUTBOX_FUNCTION_KEY");
  if (!key || request.headers.get("authorization") !== `Bearer ${key}`) return new Response("forbidden", { status: 403 });
  const worker = outboxWorker(restStore(env("SUPABASE_URL")!, env("SUPABASE_SERVICE_ROLE_KEY")!), workerSettings(env));
  const started = Date.now();
  let handled = 0;
  while (Date.now() - started < BUDGET_MS) {
    const count = await worker.runOnce();
    handled += count;
    if (count === 0) break;
  }
  return Response.json({ handled });
});
