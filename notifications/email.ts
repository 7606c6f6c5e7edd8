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
const shownValue = (value: unknown) => (Array.isArray(value) ? value.join(", ") : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));

export function responseMessage(event: ClaimedEvent): Message {
  const answers = Object.entries(event.payload ?? {}).filter(([, value]) => value !== null && value !== "");
  return {
    to: event.target.to!,
    subject: teamWords(event.language).newResponse(event.survey_id),
    text: `${answers.map(([column, value]) => `${column}: ${shownValue(value)}`).join("\n")}${footer(event)}\n`,
  };
}

/** The period in the survey's time zone (an IANA name; an offset-only zone is written in UTC). */
function localTime(at: string, zone: string | undefined, language: string): string {
  const timeZone = zone && zone.includes("/") ? zone : "UTC";
  return `${new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone }).format(new Date(at))}${timeZone === "UTC" ? " UTC" : ""}`;
}

export function digestMessage(event: ClaimedEvent, numbers: WindowNumbers): Message {
  const words = teamWords(event.language);
  const period = words.period(localTime(event.period_start!, event.target.timeZone, event.language), localTime(event.period_end!, event.target.timeZone, event.language));
  const byQuestion = new Map<string, string[]>();
  for (const [key, count] of Object.entries(numbers.counts)) {
    const [question, value] = key.split("\u001f");
    byQuestion.set(question!, [...(byQuestion.get(question!) ?? []), `  ${value}: ${count}`]);
  }
  const sections = [...byQuestion].map(([question, lines]) => `${question}\n${lines.join("\n")}`);
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

export function mailSender(settings: MailSettings): (message: Message) => Promise<Outcome> {
  if (!settings.smtpUrl) return async () => failure("SMTP_URL não configurado");
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, connectionTimeout: settings.timeoutMs, greetingTimeout: settings.timeoutMs, socketTimeout: settings.timeoutMs });
  return async (message) => {
    try {
      await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
      return success();
    } catch (error) {
      const { responseCode, message: text } = error as { responseCode?: number; message: string };
      return failure(`SMTP: ${text}`, responseCode ?? null);
    }
  };
}
