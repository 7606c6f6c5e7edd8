// A webhook endpoint that never answers is given up after the channel's
// timeout, not after the whole send's deadline, even when the garbage
// collector runs while the request waits: on Node 20 a timeout signal that
// only AbortSignal.any refers to could be collected before it fired, and the
// team then read "send stopped after 30000 ms" for an endpoint that was
// simply silent (and each such try held a slot for the whole deadline).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { ClaimedEvent } from "../../notifications/types.ts";
import { sendWebhook } from "../../notifications/webhook.ts";
import { teamWords } from "../../notifications/words.ts";
import { SECRET } from "../support/outbox-stack.ts";
import { startReceiver, type Receiver } from "../support/webhook-receiver.ts";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(SECRET);
  receiver.mode = "silent";
});
afterAll(() => receiver?.close());

const event = (): ClaimedEvent => ({
  id: "3f0c7a52-8d0e-4a1b-9a44-0d7b1f2a6c11",
  channel: "avisos_responses/crm",
  kind: "webhook",
  target: { url: receiver.url },
  attempt: 1,
  created_at: "2026-12-07T12:00:00Z",
  survey_id: "avisos",
  language: "es",
  results_url: null,
  period_start: null,
  period_end: null,
  detail: null,
  payload: { cor: "Azul" },
});

test("a silent endpoint is given up after the channel's timeout while the garbage collector runs, in the channel's language", async () => {
  const collecting = setInterval(collectGarbage, 20);
  try {
    const deadline = AbortSignal.timeout(10_000);
    const outcome = await sendWebhook(event(), { secretOf: () => SECRET, timeoutMs: 500, allowLoopback: true }, deadline);
    expect(outcome).toMatchObject({ ok: false, error: teamWords("es").errors.noAnswer(500) });
    expect(deadline.aborted, "the send's deadline was not what ended it").toBe(false);
  } finally {
    clearInterval(collecting);
  }
});
