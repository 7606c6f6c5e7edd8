// @vitest-environment jsdom
/**
 * A tab closed right after Próximo: the step's own save is made by an effect
 * React runs after the paint, so the tab may close before it. The closing
 * tab's flush saves the step on screen then, and the last answer given
 * reaches the row. Every save is numbered one above the device's last (the
 * database keeps the highest, tests/sql/partial-seams.test.ts), across a
 * reload and after a "continue later" link.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { PARTIAL_COLUMNS } from "../../src/core/partial-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { PartialSession } from "../../src/partial-responses/partial-session.ts";
import partialFile from "../fixtures/surveys/partial/partial-form.json" with { type: "json" };

const config = resolveSurvey(partialFile as SurveyConfig);
const [first, second, third] = config.questions.map((question) => question.id) as [string, string, string];
let sent: { lastStep: string; keepalive: boolean; saveNumber: number }[];
/** What the resume call answers: the stored row of a "continue later" link. */
let storedRow: object | null = null;

beforeEach(() => {
  sent = [];
  vi.stubEnv("VITE_SUPABASE_URL", "http://127.0.0.1:54321");
  vi.stubEnv("VITE_SUPABASE_ANON_KEY", "anon");
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    if (url.endsWith("_resume_partial")) return new Response(JSON.stringify(storedRow), { status: 200 });
    const { response } = JSON.parse(String(init.body)) as { response: Record<string, unknown> };
    sent.push({ lastStep: String(response[PARTIAL_COLUMNS.lastStep]), keepalive: init.keepalive === true, saveNumber: Number(response[PARTIAL_COLUMNS.saveNumber]) });
    return new Response("null", { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  localStorage.clear();
  storedRow = null;
});

test("closing on a step whose save was not made yet sends that step, with keepalive", async () => {
  const session = new PartialSession(config, crypto.randomUUID());
  session.questionShown(first);
  session.questionShown(second);
  await session.saveStep({}, second);
  // Próximo pressed: the third question is on screen, its step's effect has not run, and the tab closes.
  session.flush({}, third);
  await vi.waitFor(() => expect(sent.map((save) => save.lastStep)).toEqual([second, third]));
  expect(sent.every((save) => save.keepalive)).toBe(true);
});

test("closing on the step last saved sends nothing again", async () => {
  const session = new PartialSession(config, crypto.randomUUID());
  session.questionShown(first);
  await session.saveStep({}, first);
  session.flush({}, first);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sent.map((save) => save.lastStep)).toEqual([first]);
});

test("saves are numbered one above the last: the flush above the step before it, a reload going on from the device's count, a link from the row's", async () => {
  const responseId = crypto.randomUUID();
  const session = new PartialSession(config, responseId);
  await session.saveStep({}, first);
  await session.saveStep({}, second);
  session.flush({}, third);
  await vi.waitFor(() => expect(sent.map((save) => save.saveNumber)).toEqual([1, 2, 3]));

  // The page reloaded: the same response, numbered on.
  await new PartialSession(config, responseId).saveStep({}, third);
  expect(sent.at(-1)!.saveNumber).toBe(4);

  // Another device opens the link of a row another device saved 9 times.
  const key = { responseId: crypto.randomUUID(), secret: "k".repeat(43) };
  storedRow = { id: key.responseId, [PARTIAL_COLUMNS.lastStep]: second, [PARTIAL_COLUMNS.finished]: false, [PARTIAL_COLUMNS.saveNumber]: 9 };
  localStorage.clear();
  const other = new PartialSession(config, key.responseId);
  await other.resume(key);
  await other.saveStep({}, second);
  expect(sent.at(-1)!.saveNumber).toBe(10);
});
