// visit_events on the real local data API with the generated migrations: the
// page's sender delivers batches with the public key, which may insert and
// nothing else; the CHECKs refuse unknown surveys and answer-sized payloads.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import type { VisitEvent } from "../../src/core/visit-steps.ts";

let api: DataApi;
let sender: typeof import("../../src/data/visit-events.ts");

beforeAll(async () => {
  api = await startDataApi({ port: 0, dataDir: null, quiet: true });
  vi.stubEnv("VITE_SUPABASE_URL", api.url);
  vi.stubEnv("VITE_SUPABASE_ANON_KEY", api.anonKey);
  sender = await import("../../src/data/visit-events.ts");
}, 180_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await api?.stop();
});

/** A valid event, or (with overrides) one shaped as an attacker might send it. */
const event = (overrides: Record<string, unknown> = {}) =>
  ({ visit_id: randomUUID(), survey_id: "foreign-form", step: "opened", question_id: null, hidden: { utm_source: "instagram" }, ...overrides }) as VisitEvent;

function insertAsAnon(body: unknown) {
  return fetch(`${api.restUrl}/visit_events`, {
    method: "POST",
    headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json", prefer: "return=minimal" },
    body: JSON.stringify(body),
  });
}

async function storedEvents(visitId: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${api.restUrl}/visit_events?visit_id=eq.${visitId}&select=step,question_id,hidden,survey_id&order=created_at,step`, {
    headers: { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe("visit events", () => {
  test("the page's sender delivers a batch in one request, read back with the service key", async () => {
    const visit = randomUUID();
    sender.queueVisitEvents([event({ visit_id: visit }), event({ visit_id: visit, step: "reached", question_id: "nomeCompleto" })]);
    sender.flushVisitEvents();
    await vi.waitFor(async () => expect(await storedEvents(visit)).toHaveLength(2), { timeout: 10_000, interval: 200 });
    expect(await storedEvents(visit)).toEqual([
      { step: "opened", question_id: null, hidden: { utm_source: "instagram" }, survey_id: "foreign-form" },
      { step: "reached", question_id: "nomeCompleto", hidden: { utm_source: "instagram" }, survey_id: "foreign-form" },
    ]);
  });

  test("the anon key can insert events but not read, change or delete them", async () => {
    expect((await insertAsAnon([event()])).status).toBe(201);
    const headers = { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json" };
    const read = await fetch(`${api.restUrl}/visit_events?select=*`, { headers });
    expect(read.status).toBe(401);
    const visits = await fetch(`${api.restUrl}/visits?select=*`, { headers });
    expect(visits.status).toBe(401);
    const update = await fetch(`${api.restUrl}/visit_events?survey_id=eq.foreign-form`, { method: "PATCH", headers, body: JSON.stringify({ step: "submitted" }) });
    expect(update.status).toBe(401);
    const remove = await fetch(`${api.restUrl}/visit_events?survey_id=eq.foreign-form`, { method: "DELETE", headers });
    expect(remove.status).toBe(401);
  });

  test.each([
    ["an unknown survey id", { survey_id: "other-form" }],
    ["an unknown step", { step: "answered" }],
    ["a question reached without its id", { step: "reached", question_id: null }],
    ["an answer-sized question id", { step: "reached", question_id: "x".repeat(61) }],
    ["answer-sized hidden values", { hidden: { utm_source: "Trabajo en un hospital ".repeat(80) } }],
    ["hidden values that are not an object", { hidden: ["instagram"] as never }],
  ] as [string, Record<string, unknown>][])("an event with %s is refused", async (_, overrides) => {
    const visit = randomUUID();
    const response = await insertAsAnon([event({ visit_id: visit, ...overrides })]);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("23514");
    expect(await storedEvents(visit)).toEqual([]);
  });

  test("the anon key cannot set the event's time or id", async () => {
    const response = await insertAsAnon([{ ...event(), created_at: "2020-01-01T00:00:00Z" }]);
    expect(response.status).toBe(401);
  });
});
