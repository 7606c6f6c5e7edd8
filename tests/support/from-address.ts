/**
 * One request to the local data API from a chosen loopback address
 * (127.0.0.0/8 all reach this machine): the gateway, a trusted proxy,
 * appends it to X-Forwarded-For, so each address is a client of its own to
 * the API guard's rate limits.
 */
import { request } from "node:http";

export interface Answer {
  status: number;
  body: string;
}

export function fromAddress(url: string, { method = "POST", from, headers = {}, body }: { method?: string; from: string; headers?: Record<string, string>; body?: unknown }): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method, localAddress: from, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.once("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** How many requests a flood keeps in flight at once. */
export const FLOOD_BATCH = 10;

/** `count` requests made by `make`, `batch` at a time (as a flood sends them), answered in order. */
export async function flood(count: number, make: (index: number) => Promise<Answer>, batch = FLOOD_BATCH): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i += batch) answers.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => make(i + j)))));
  return answers;
}
