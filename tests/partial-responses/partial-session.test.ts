// @vitest-environment jsdom
/**
 * A tab closed right after Próximo: the step's own save is made by an effect
 * React runs after the paint, so the tab may close before it. The closing
 * tab's flush saves the step on screen then, and the last answer given
 * reaches the row.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { PARTIAL_COLUMNS } from "../../src/core/partial-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { PartialSession } from "../../src/partial-responses/partial-session.ts";
import partialFile from "../fixtures/surveys/partial/partial-form.json" with { type: "json" };

const config = resolveSurvey(partialFile as SurveyConfig);
const [first, second, third] = config.questions.map((question) => question.id) as [string, string, string];
let sent: { lastStep: string; keepalive: boolean }[];

beforeEach(() => {
  sent = [];
  vi.stubEnv("VITE_SUPABASE_URL", "http://127.0.0.1:54321");
  vi.stubEnv("VITE_SUPABASE_ANON_KEY", "anon");
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    const { response } = JSON.parse(String(init.body)) as { response: Record<string, string> };
    sent.push({ lastStep: response[PARTIAL_COLUMNS.lastStep]!, keepalive: init.keepalive === true });
    return new Response("null", { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  localStorage.clear();
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
