/**
 * Checks on a survey's notifications that the schema cannot express: each
 * channel's name is unique in the survey (it names the channel's row, its
 * secret's variable and replay's --channel), and none is "owner", the name of
 * the survey's alert channel (scripts/sql/outbox-channels-sql.ts).
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { OWNER_CHANNEL } from "../sql/outbox-channels-sql.ts";

export function notificationErrors({ notifications }: SurveyConfig): Located[] {
  if (!notifications) return [];
  const channels = [...(notifications.email ?? []).map((channel, i) => ({ name: channel.name, pointer: `/notifications/email/${i}/name` })), ...(notifications.webhooks ?? []).map((channel, i) => ({ name: channel.name, pointer: `/notifications/webhooks/${i}/name` }))];
  return channels.flatMap(({ name, pointer }, index) => {
    if (name === OWNER_CHANNEL) return [{ pointer, message: `"${OWNER_CHANNEL}" is the name of the owner's alerts; give this channel another name` }];
    const first = channels.findIndex((other) => other.name === name);
    return first < index ? [{ pointer, message: `"${name}" already names ${channels[first]!.pointer.replace(/\/name$/, "")}; each channel needs its own name (it names its secret, OUTBOX_SECRET_…, and replay --channel)` }] : [];
  });
}
