// The submit time-out, for real: a data API that accepts the connection,
// reads the request and never answers (a plain TCP server). The real
// supabase-js request goes out; only the clock is fake, so the 15 s pass in
// an instant. A time-out is an unreachable data API: the respondent's side
// (the waiting notice, every answer kept, the retry) is tested in
// tests/survey/use-submission.test.tsx and tests/e2e/timeout.spec.ts.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ANON_KEY } from "../../scripts/data-api/keys.ts";
import { SubmitError } from "../../src/data/submit-error.ts";
import { SUBMIT_TIMEOUT_MS } from "../../src/data/supabase-insert.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const foreign = JSON.parse(readFileSync("surveys/foreign-form.json", "utf8")) as SurveyConfig;
const realSetTimeout = globalThis.setTimeout;

let server: Server;
const sockets = new Set<Socket>();
/** Resolves with the first bytes of the next request that reaches the hanging server. */
let nextRequest: Promise<string>;

beforeAll(async () => {
  let received: (text: string) => void = () => {};
  nextRequest = new Promise((resolve) => (received = resolve));
  server = createServer((socket) => {
    sockets.add(socket);
    socket.once("data", (chunk) => received(chunk.toString()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  vi.stubEnv("VITE_SUPABASE_URL", `http://127.0.0.1:${port}`);
  vi.stubEnv("VITE_SUPABASE_ANON_KEY", ANON_KEY);
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

test("a data API that never answers: the submit gives up after 15 s as unreachable (so it is retried), not before", async () => {
  const { submitResponse } = await import("../../src/data/submit-response.ts");
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  let outcome: unknown = "pending";
  const settled = submitResponse(foreign, { nomeCompleto: "Ana" }, randomUUID()).then(
    () => (outcome = "stored"),
    (error: unknown) => (outcome = error),
  );

  expect(await nextRequest, "the insert reached the server").toMatch(new RegExp(`^POST /rest/v1/${foreign.table}`));
  await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1);
  expect(outcome, "still waiting 1 ms before the time-out").toBe("pending");

  await vi.advanceTimersByTimeAsync(1);
  // The abort travels through fetch and supabase-js on real I/O: give it real time, never forever.
  await Promise.race([settled, new Promise((resolve) => realSetTimeout(resolve, 5_000))]);
  expect(outcome).toBeInstanceOf(SubmitError);
  expect((outcome as SubmitError).kind).toBe("unreachable");
  expect(SUBMIT_TIMEOUT_MS).toBe(15_000);
});
