/**
 * One survey's notification channels (its file's "notifications") as rows of
 * outbox.channels, and the statement trigger that records an event per
 * per-response channel in each insert's transaction (with partial responses,
 * in the transaction that finishes the response). The channels the file no
 * longer has are made inactive, never deleted: their events and log stay.
 * Besides the file's channels each survey has one "owner" alert channel, the
 * e-mail told when a channel keeps failing. Only addresses, URLs and
 * settings: secrets stay in the environment.
 */
import { PARTIAL_COLUMNS, usesPartialResponses } from "../../src/core/partial-response.ts";
import { hiddenFields } from "../../src/core/fields.ts";
import { personalColumns } from "../../src/core/personal.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { reportZone } from "../../src/report/time-zone.ts";
import { OUTBOX_TRIGGER } from "./outbox-sql.ts";
import { questionWords } from "./outbox-questions.ts";
import { fingerprint, sqlLiteral } from "./sql-text.ts";

type Notifications = NonNullable<SurveyConfig["notifications"]>;
type ChannelKind = "webhook" | "email" | "digest" | "alert";
interface ChannelRow {
  name: string;
  kind: ChannelKind;
  target: Record<string, unknown>;
  personalData: boolean;
  /** Sends in flight at once; null: as many as a claim takes. */
  concurrency: number | null;
}

export const DEFAULT_ATTEMPTS = 10;
export const DEFAULT_ALERT_AFTER = 5;
/** The name of each survey's alert channel; the file's channels may not take it. */
export const OWNER_CHANNEL = "owner";

function channelRows(config: SurveyConfig, notifications: Notifications): ChannelRow[] {
  const zone = reportZone(config).sql;
  const questions = questionWords(config);
  const emails = (notifications.email ?? []).map(({ name, to, send, hour, weekday, personalData }): ChannelRow =>
    send === "each"
      ? { name, kind: "email", target: { to, questions, hidden: hiddenFields(config).map(({ column }) => column) }, personalData: personalData ?? false, concurrency: null }
      : { name, kind: "digest", target: { to, send, hour: hour ?? 8, weekday: weekday ?? 1, timeZone: zone, report: numbersRequest(config, { where: {} }, zone), questions }, personalData: false, concurrency: null },
  );
  const webhooks = (notifications.webhooks ?? []).map(({ name, url, personalData, concurrency }): ChannelRow => ({ name, kind: "webhook", target: { url }, personalData: personalData ?? false, concurrency: concurrency ?? 1 }));
  return [...emails, ...webhooks, { name: OWNER_CHANNEL, kind: "alert", target: { to: [notifications.owner] }, personalData: false, concurrency: null }];
}

export function outboxChannelsSql(config: SurveyConfig): string[] {
  const { table, id } = config;
  const notifications = config.notifications;
  if (!notifications) return outboxOffSql(table);
  const personal = personalColumns(config);
  const values = channelRows(config, notifications).map(({ name, kind, target, personalData, concurrency }) =>
    `(${[`${table}/${name}`, table, id, name, kind].map(sqlLiteral).join(", ")}, ${sqlLiteral(JSON.stringify(target))}::jsonb, ${personalData ? "'{}'" : sqlLiteral(`{${personal.join(",")}}`)}::text[], ${sqlLiteral(notifications.language ?? "pt-BR")}, ${notifications.resultsUrl ? sqlLiteral(notifications.resultsUrl) : "null"}, ${notifications.attempts ?? DEFAULT_ATTEMPTS}, ${notifications.alertAfter ?? DEFAULT_ALERT_AFTER}, ${concurrency ?? "null"})`,
  );
  return [
    `-- The channels of ${sqlLiteral(id)}; those the file no longer has stop receiving events.
update outbox.channels set active = false where survey_table = ${sqlLiteral(table)};
insert into outbox.channels (id, survey_table, survey_id, name, kind, target, omit, language, results_url, attempts, alert_after, concurrency)
values ${values.join(",\n       ")}
on conflict (id) do update set survey_id = excluded.survey_id, kind = excluded.kind, target = excluded.target, omit = excluded.omit, language = excluded.language,
  results_url = excluded.results_url, attempts = excluded.attempts, alert_after = excluded.alert_after, concurrency = excluded.concurrency, active = true;`,
    usesPartialResponses(config) ? finishedEventsSql(table) : `-- Each inserted response records its events in its own transaction.
${dropTriggers(table)}
create trigger ${OUTBOX_TRIGGER} after insert on public.${table} referencing new table as new_rows for each statement execute function outbox.record_events();`,
  ];
}

const FINISHED_TRIGGER = `${OUTBOX_TRIGGER}_finished`;
const dropTriggers = (table: string) => `drop trigger if exists ${OUTBOX_TRIGGER} on public.${table};
drop trigger if exists ${FINISHED_TRIGGER} on public.${table};`;

/**
 * With partial responses the row is inserted at the first step, unfinished:
 * its events are recorded when it becomes finished (inserted finished, or
 * updated to finished), once, and never for a response left unfinished.
 */
const finishedEventsSql = (table: string) => `-- Each response records its events in the transaction that finishes it.
create or replace function outbox.record_finished_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into outbox.events (channel, survey_table, response_id)
  select c.id, tg_table_name, new.id
    from outbox.channels c
   where c.survey_table = tg_table_name and c.active and c.kind in ('webhook', 'email');
  return null;
end
$$;
revoke all on function outbox.record_finished_events() from public, anon, authenticated;
${dropTriggers(table)}
create trigger ${OUTBOX_TRIGGER} after insert on public.${table} for each row when (new.${PARTIAL_COLUMNS.finished}) execute function outbox.record_finished_events();
create trigger ${FINISHED_TRIGGER} after update of ${PARTIAL_COLUMNS.finished} on public.${table} for each row when (new.${PARTIAL_COLUMNS.finished} and not old.${PARTIAL_COLUMNS.finished}) execute function outbox.record_finished_events();`;

/** A survey whose file no longer has notifications: no more events; what was recorded stays. */
const outboxOffSql = (table: string): string[] => [
  `-- ${table} has no notifications any more: its channels stop, its events and log stay.
${dropTriggers(table)}
update outbox.channels set active = false where survey_table = ${sqlLiteral(table)};`,
];

export const outboxChannelsFingerprint = (config: SurveyConfig): string => fingerprint(outboxChannelsSql(config).join("\n"));
