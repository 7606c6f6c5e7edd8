/** A real SMTP server (smtp-server) on a free loopback port that keeps every message, parsed (mailparser). */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface InboxMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Inbox {
  url: string;
  messages: InboxMessage[];
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const messages: InboxMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to].flat().map((address) => address?.text ?? "").join(", ");
          messages.push({ to, subject: mail.subject ?? "", text: mail.text ?? "" });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
