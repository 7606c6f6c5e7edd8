/**
 * A webhook endpoint for the outbox tests, on a free loopback port: it
 * verifies every request with the standardwebhooks verifier and records the
 * webhook-ids it accepted; in chaos mode it also answers 500 or 429, never
 * answers (the worker's timeout), or drops the connection, at random;
 * "silent" never answers at all. Every request's arrival is kept.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Receiver {
  url: string;
  /** Every accepted webhook-id, once per delivery (duplicates included). */
  delivered: string[];
  /** Bodies of accepted deliveries, by webhook-id. */
  bodies: Map<string, { type: string; survey: string; data: Record<string, unknown> }>;
  /** Requests whose signature the verifier refused. */
  badSignatures: number;
  /** What the endpoint does now: "ok", "chaos", "silent", a fixed status (e.g. 500, 410, 429 with `retryAfter`). */
  mode: "ok" | "chaos" | "silent" | number;
  /** The Retry-After header sent with a fixed status, if any. */
  retryAfter: string | null;
  /** Each request as it arrived: when (Date.now()) and what it was answered. */
  arrivals: { at: number; answered: number | "ok" | "chaos" | "silent" }[];
  close(): Promise<void>;
}

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => resolve(text));
  });

export async function startReceiver(secret: string, random = Math.random): Promise<Receiver> {
  const verifier = new Webhook(secret);
  const receiver: Omit<Receiver, "url" | "close"> = { delivered: [], bodies: new Map(), badSignatures: 0, mode: "ok", retryAfter: null, arrivals: [] };
  const server: Server = createServer(async (request, response) => {
    receiver.arrivals.push({ at: Date.now(), answered: receiver.mode });
    const text = await body(request);
    if (receiver.mode === "silent") return;
    if (typeof receiver.mode === "number") return void response.writeHead(receiver.mode, receiver.retryAfter ? { "retry-after": receiver.retryAfter } : {}).end();
    if (receiver.mode === "chaos") {
      const roll = random();
      if (roll < 0.1) return void response.writeHead(500).end("boom");
      if (roll < 0.2) return void response.writeHead(429, { "retry-after": "1" }).end();
      if (roll < 0.25) return; // never answers: the worker's timeout
      if (roll < 0.35) return void request.socket.destroy();
    }
    try {
      const payload = verifier.verify(text, request.headers as Record<string, string>) as { type: string; survey: string; data: Record<string, unknown> };
      const id = request.headers["webhook-id"] as string;
      receiver.delivered.push(id);
      receiver.bodies.set(id, payload);
      response.writeHead(204).end();
    } catch {
      receiver.badSignatures++;
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
