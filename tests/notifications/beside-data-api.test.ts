// npm start's worker: started beside the local data API only when a survey has notifications, and it delivers.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startWorkerBeside } from "../../scripts/notifications/beside-data-api.ts";
import { outboxSurvey, SECRET, startOutboxStack, type OutboxStack } from "../support/outbox-stack.ts";
import { startReceiver, type Receiver } from "../support/webhook-receiver.ts";

let stack: OutboxStack;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver(SECRET);
  stack = await startOutboxStack(outboxSurvey({ owner: "o@example.com", webhooks: [{ name: "crm", url: receiver.url }] }));
}, 180_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await stack?.stop();
  await receiver?.close();
});

describe("the worker beside the local data API", () => {
  test("is not started when no survey has notifications", () => {
    expect(startWorkerBeside(stack.api, [{ ...outboxSurvey(undefined) }])).toBeNull();
  });

  test("delivers the responses of a survey with notifications, and stops", async () => {
    vi.stubEnv("OUTBOX_SECRET_CRM", SECRET);
    vi.stubEnv("OUTBOX_ALLOW_LOOPBACK", "1");
    vi.stubEnv("OUTBOX_IDLE_MS", "200");
    const ids = await stack.insert([{ cor: "Azul" }, { cor: "Verde" }, { cor: "Rojo" }]);
    const worker = startWorkerBeside(stack.api, [outboxSurvey({ owner: "o@example.com", webhooks: [{ name: "crm", url: receiver.url }] })])!;
    expect(worker.line).toContain("Notifications of avisos are delivered by the outbox worker");
    await vi.waitFor(() => expect(new Set(receiver.delivered).size).toBe(3), { timeout: 60_000, interval: 200 });
    expect(new Set([...receiver.bodies.values()].map(({ data }) => data.id))).toEqual(new Set(ids));
    await worker.stop();
  }, 120_000);
});
