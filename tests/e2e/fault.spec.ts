/**
 * A submit that waits out a lost connection, for real: the browser really
 * offline (Chromium's network emulation), the data API's PostgREST really
 * stopped, so the insert gets the gateway's 503, and the database's rate limit
 * really reached from the respondent's address, so it gets 429 (on a stack of
 * this file's own, so the other tests keep theirs). The respondent sees the
 * waiting notice in the survey's words, nothing is stored, the draft holds the
 * answers; once the connection is back (or the limit's minute has passed) the
 * same response is sent by itself: exactly one row, then the thank-you page.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import pg from "pg";
import { expectRowToMatch, rowsByName, waitForOneRow } from "./support/db.ts";
import { expectNoDraft, storedDraft, waitingNotice } from "./support/draft.ts";
import { SurveyDriver } from "./support/driver.ts";
import { expectSuccessEnding, pathOf, watchSuccess } from "./support/flows.ts";
import { stackForSpec } from "./support/spec-stack.ts";
import { expectedRow, loadSurvey, makePlan, uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

test.use({ reducedMotion: "reduce" });

const spec = stackForSpec({}, 120_000);

/** The insert requests the page sends, and how many of them the data API accepted (2xx). */
function watchInserts(page: Page, table: string): { sent: () => number; accepted: () => number } {
  let sent = 0;
  let accepted = 0;
  const isInsert = (request: { method(): string; url(): string }) => request.method() === "POST" && new URL(request.url()).pathname.endsWith(`/rest/v1/${table}`);
  page.on("request", (request) => void (isInsert(request) && (sent += 1)));
  page.on("response", (response) => void (isInsert(response.request()) && response.ok() && (accepted += 1)));
  return { sent: () => sent, accepted: () => accepted };
}

/**
 * Writes from this machine's address (the respondent's too) until the data
 * API answers 429. Started early in a minute, so the limit's window (the
 * calendar minute) outlasts the test's wait.
 */
async function reachRateLimit(survey: Survey): Promise<void> {
  const second = new Date().getSeconds();
  if (second > 35) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
  for (let write = 0; write < 1000; write++) {
    // Valid visit events (a refused write rolls its count back with it, so only stored writes count).
    const response = await fetch(`${spec.stack.api.url}/rest/v1/visit_events`, {
      method: "POST",
      headers: { apikey: spec.stack.api.anonKey, Authorization: `Bearer ${spec.stack.api.anonKey}`, "Content-Type": "application/json", Prefer: "return=minimal" },
      body: JSON.stringify({ visit_id: randomUUID(), survey_id: survey.id, step: "opened", hidden: {} }),
    });
    if (response.status === 429) return;
  }
  throw new Error("no 429 after 1000 writes from one address");
}

/** What the minute passing does to the limit: the database's counters start again. */
async function passRateLimitMinute(): Promise<void> {
  const client = new pg.Client({ connectionString: spec.stack.api.dbUrl });
  await client.connect();
  try {
    await client.query("delete from survey_private.request_counts");
  } finally {
    await client.end();
  }
}

/** Fills the survey, cuts the connection, sends: the waiting state holds for a few retries with nothing stored; then reconnects. */
async function sendThroughOutage(
  page: Page,
  survey: Survey,
  outage: { cut: () => Promise<void>; restore: () => Promise<void>; canReadRows: boolean; notice?: { title: string; description: string } },
): Promise<void> {
  const expectedNotice = outage.notice ?? { title: survey.messages.waitingForConnectionTitle, description: survey.messages.waitingForConnectionDescription };
  const name = uniqueName("outage");
  const plan = makePlan(survey, name, "others", (slider) => slider.max);
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  const inserts = watchInserts(page, survey.table);
  await driver.open();
  await driver.fillAll(plan);
  await watchSuccess(page, survey.messages.successTitle);

  await outage.cut();
  try {
    await driver.submit();
    const notice = waitingNotice(page, survey, expectedNotice);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(expectedNotice.description);
    // The wait is the point: it outlasts the first retries (1 s, 2 s) and the success delay.
    await page.waitForTimeout(3_500);
    await expect(notice, "a notice that stays, not a toast that fades").toBeVisible();
    await expect(driver.toast(survey.messages.unexpectedErrorTitle)).toHaveCount(0);
    expect(pathOf(page)).toBe(survey.route);
    await driver.expectShown(survey.questions.length - 1, plan.at(-1)!);
    expect(await storedDraft(page, survey), "the draft holds the answers").not.toBeNull();
    expect(inserts.sent(), "tried again by itself").toBeGreaterThan(1);
    expect(inserts.accepted(), "no insert accepted during the outage").toBe(0);
    // With PostgREST stopped the operator's read is down too; offline, only the browser is cut off.
    if (outage.canReadRows) expect(await rowsByName(spec.access, survey.table, name), "nothing stored during the outage").toHaveLength(0);
  } finally {
    await outage.restore();
  }

  // The next try (at most 10 s later, or at once on 'online') stores the response.
  await expect(waitingNotice(page, survey, expectedNotice)).toHaveCount(0, { timeout: 20_000 });
  await expectSuccessEnding(driver);
  expectRowToMatch(await waitForOneRow(spec.access, survey.table, name), expectedRow(survey, plan));
  await expectNoDraft(page, survey);
  test.info().annotations.push({ type: "insert requests sent", description: String(inserts.sent()) });
}

test("/: offline on the last question → the waiting notice, nothing stored; back online → exactly one row, then the thank-you page", async ({ page, context }) => {
  await sendThroughOutage(page, loadSurvey("medical-form"), {
    cut: () => context.setOffline(true),
    restore: () => context.setOffline(false),
    canReadRows: true,
  });
});

test("/foreign-form: the data API's PostgREST stopped → the waiting notice, nothing stored; started again → exactly one row, then the thank-you page", async ({ page }) => {
  await sendThroughOutage(page, loadSurvey("foreign-form"), {
    cut: () => spec.stack.api.stopPostgrest(),
    restore: () => spec.stack.api.startPostgrest(),
    canReadRows: false,
  });
});

test("/foreign-form: the rate limit reached from the respondent's network → the rate-limit notice, every answer kept, nothing stored; the minute passed → exactly one row, then the thank-you page", async ({ page }) => {
  test.setTimeout(120_000); // may wait for the start of a minute first
  const survey = loadSurvey("foreign-form");
  await sendThroughOutage(page, survey, {
    cut: () => reachRateLimit(survey),
    restore: passRateLimitMinute,
    canReadRows: true,
    notice: { title: survey.messages.rateLimitedTitle, description: survey.messages.rateLimitedDescription },
  });
});
