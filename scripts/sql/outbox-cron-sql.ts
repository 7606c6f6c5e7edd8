/**
 * The production schedule of the outbox worker: pg_cron calls the Edge
 * Function `outbox` every minute through pg_net, with its URL and key read
 * from Supabase Vault (docs/operators/notifications.md says how to store
 * them). Only where the `cron` and `net` schemas exist, so the same
 * migration applies on the local data API and on a project without them.
 */
export const OUTBOX_CRON_JOB = "outbox-worker";

export const outboxCronSql = (): string => `-- Production schedule: only where pg_cron and pg_net are installed.
do $cron$
begin
  if to_regnamespace('cron') is null or to_regnamespace('net') is null then
    raise notice 'outbox: pg_cron or pg_net is not installed here; run the worker as a process (npm run outbox -- work)';
    return;
  end if;
  execute $sql$select cron.schedule('${OUTBOX_CRON_JOB}', '* * * * *', $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'outbox_function_url'),
      headers := jsonb_build_object('content-type', 'application/json',
        'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'outbox_function_key')),
      body := '{}'::jsonb,
      timeout_milliseconds := 60000)
  $job$)$sql$;
end
$cron$;`;
