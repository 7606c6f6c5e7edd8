/**
 * The team's e-mails: one per response, a digest of a period, and the
 * owner's alert when a channel keeps failing; composed in the team's
 * language (words.ts) and sent through the SMTP server in SMTP_URL
 * (nodemailer). Plain text: the numbers and answers, never markup to escape.
 */
import nodemailer from "nodemailer";
import { failure, success, type ClaimedEvent, type Outcome } from "./types.ts";
import { teamWords } from "./words.ts";
import type { WindowNumbers } from "./digest.ts";

export interface Message {
  to: string[];
  subject: string;
  text: string;
}

export interface MailSettings {
  /** smtp://user:password@host:port or smtps://…; null when not configured. */
  smtpUrl: string | null;
  from: string;
  timeoutMs: number;
}

const footer = (event: ClaimedEvent) => (event.results_url ? `\n\n${teamWords(event.language).results}: ${event.results_url}` : "");

/** A stored answer in the team's words: options by their labels, a list in its order, a matrix row by row. */
function answerText(value: unknown, labels: Record<string, string> = {}): string {
  const label = (stored: unknown) => labels[String(stored)] ?? String(stored);
  if (Array.isArray(value)) return value.map(label).join(", ");
  if (typeof value === "object" && value !== null) return Object.entries(value).map(([row, column]) => `${label(row)}: ${label(column)}`).join("; ");
  return label(value);
}

const given = (value: unknown) => value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);

/**
 * The response's answers under their questions' titles, then the hidden fields under the names the file gives them;
 * the payload has no personal column unless the channel receives them.
 */
export function responseMessage(event: ClaimedEvent): Message {
  const payload = event.payload ?? {};
  const lines = (event.target.questions ?? []).flatMap(({ column, title, labels, other }) => [
    ...(given(payload[column]) ? [`${title}: ${answerText(payload[column], labels)}`] : []),
    ...(other && given(payload[other.column]) ? [`${title} (${other.label}): ${String(payload[other.column])}`] : []),
  ]);
  lines.push(...(event.target.hidden ?? []).filter((name) => given(payload[name])).map((name) => `${name}: ${String(payload[name])}`));
  return {
    to: event.target.to!,
    subject: teamWords(event.language).newResponse(event.survey_id),
    text: `${lines.join("\n")}${footer(event)}\n`,
  };
}

/** The period in the survey's time zone (an IANA name; an offset-only zone is written in UTC). */
function localTime(at: string, zone: string | undefined, language: string): string {
  const timeZone = zone && zone.includes("/") ? zone : "UTC";
  return `${new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone }).format(new Date(at))}${timeZone === "UTC" ? " UTC" : ""}`;
}

/**
 * Each question under its title, in the file's order: an option's count under
 * its label; a personal question, or one without values to count (a text),
 * only as how many answered it, never by value.
 */
export function digestMessage(event: ClaimedEvent, numbers: WindowNumbers): Message {
  const words = teamWords(event.language);
  const period = words.period(localTime(event.period_start!, event.target.timeZone, event.language), localTime(event.period_end!, event.target.timeZone, event.language));
  const sections = (event.target.questions ?? []).flatMap(({ id, title, personal, labels = {} }) => {
    const values = personal
      ? []
      : Object.entries(numbers.counts)
          .filter(([key]) => key.startsWith(`${id}\u001f`))
          .map(([key, count]) => `  ${key.split("\u001f").slice(1).map((part) => labels[part] ?? part).join(" → ")}: ${count}`);
    const answered = numbers.answered[id] ?? 0;
    const lines = values.length ? values : answered > 0 ? [`  ${words.answered(answered)}`] : [];
    return lines.length ? [`${title}\n${lines.join("\n")}`] : [];
  });
  return {
    to: event.target.to!,
    subject: words.digest(event.survey_id, event.target.send === "weekly" ? "weekly" : "daily"),
    text: `${period}\n${words.responses}: ${numbers.responses}\n\n${sections.join("\n\n")}${footer(event)}\n`,
  };
}

export function alertMessage(event: ClaimedEvent): Message {
  const words = teamWords(event.language);
  const detail = event.detail!;
  return {
    to: event.target.to!,
    subject: words.alertSubject(event.survey_id, detail.channel),
    text: `${words.alertBody(detail.channel, detail.failures, detail.error ?? "?", detail.stopped)}\n\n${words.replay}${footer(event)}\n`,
  };
}

export type MailSender = (event: ClaimedEvent, message: Message, deadline: AbortSignal) => Promise<Outcome>;

/**
 * One connection per message, aborted (connection closed) at the deadline.
 * The Message-ID is the event's id, the same on every try: a message sent
 * again after a worker died mid-send is recognisably the same one.
 */
export function mailSender(settings: MailSettings): MailSender {
  if (!settings.smtpUrl) return async (event) => failure(teamWords(event.language).errors.smtpMissing);
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, connectionTimeout: settings.timeoutMs, greetingTimeout: settings.timeoutMs, socketTimeout: settings.timeoutMs });
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? "localhost";
  return async (event, message, deadline) => {
    try {
      await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text, messageId: `<${event.id}@${domain}>`, signal: deadline });
      return success();
    } catch (error) {
      const { code, responseCode, response } = error as { code?: string; responseCode?: number; response?: string };
      const errors = teamWords(event.language).errors;
      if (code === "ETIMEDOUT") return failure(errors.noAnswer(settings.timeoutMs), responseCode ?? null);
      return failure(errors.smtpFailed(code ?? "SMTP", response ?? null), responseCode ?? null);
    }
  };
}
