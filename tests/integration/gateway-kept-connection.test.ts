// The gateway's kept connections to PostgREST: a request sent on one that
// PostgREST had already closed (it was killed, or let the connection go idle)
// never reached it, and goes once more on a connection of its own instead of
// failing with a 502. The upstream here is a real HTTP server that drops the
// second request of each connection without answering, as a killed PostgREST's
// last connection does.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startGateway, type Gateway } from "../../scripts/data-api/gateway.ts";

const KEY = "the-project-key";
let upstream: Server;
let gateway: Gateway;
const answered: string[] = [];

beforeAll(async () => {
  const requestsOn = new WeakMap<object, number>();
  upstream = createServer((req, res) => {
    const count = (requestsOn.get(req.socket) ?? 0) + 1;
    requestsOn.set(req.socket, count);
    if (count > 1) return req.socket.destroy();
    answered.push(req.url ?? "");
    res.writeHead(201, { "content-type": "application/json" }).end("[]");
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const port = (upstream.address() as AddressInfo).port;
  gateway = await startGateway(0, { upstreamPort: () => port, apiKeys: [KEY], maxBodyBytes: 1024 });
});

afterAll(async () => {
  await gateway?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const insert = (n: number) => fetch(`${gateway.url}/rest/v1/t?n=${n}`, { method: "POST", headers: { apikey: KEY, "content-type": "application/json" }, body: JSON.stringify({ n }) });

test("each request on a connection PostgREST closed is answered by a new one: 201 every time, each reaching PostgREST once", async () => {
  const statuses: number[] = [];
  for (let n = 1; n <= 4; n++) statuses.push((await insert(n)).status);
  expect(statuses).toEqual([201, 201, 201, 201]);
  expect(answered).toEqual(["/t?n=1", "/t?n=2", "/t?n=3", "/t?n=4"]);
});
