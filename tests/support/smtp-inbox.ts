/**
 * A real SMTP server (smtp-server) on a free loopback port that keeps every
 * message, parsed (mailparser). With `replyDelayMs` the tests reach it
 * through a loopback proxy that holds each of the server's replies that long
 * before passing it on, in order: a slow mail server, every reply (greeting,
 * EHLO, MAIL, RCPT, DATA, the end of the data, QUIT) late.
 */
import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface InboxMessage {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

export interface Inbox {
  url: string;
  messages: InboxMessage[];
  close(): Promise<void>;
}

/** Passes the client's bytes on at once and each chunk of the server's `delayMs` later, in order. */
async function slowProxy(port: number, delayMs: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const server = connect(port, "127.0.0.1");
    let last = Promise.resolve();
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => (sockets.delete(socket), client.destroy(), server.destroy()));
    }
    client.pipe(server);
    server.on("data", (chunk: Buffer) => {
      last = last.then(() => new Promise<void>((resolve) => setTimeout(resolve, delayMs))).then(() => void client.write(chunk));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => (sockets.forEach((socket) => socket.destroy()), proxy.close(() => resolve()))),
  };
}

export async function startInbox({ replyDelayMs = 0 } = {}): Promise<Inbox> {
  const messages: InboxMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to].flat().map((address) => address?.text ?? "").join(", ");
          messages.push({ to, subject: mail.subject ?? "", text: mail.text ?? "", messageId: mail.messageId ?? "" });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  const proxy = replyDelayMs ? await slowProxy(port, replyDelayMs) : null;
  return {
    url: `smtp://127.0.0.1:${proxy?.port ?? port}`,
    messages,
    close: async () => {
      await proxy?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
