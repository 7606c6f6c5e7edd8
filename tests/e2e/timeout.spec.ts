/**
 * The submit time-out as the respondent meets it: the data API accepts the
 * connection and never answers (a plain TCP server that reads and stays
 * silent; the page's requests to the data API are sent there). The page's
 * clock is Playwright's, so the 15 s pass at once; the request is real.
 * After exactly the time-out the survey shows the waiting notice (an answer
 * that never came is an unreachable data API), stays on the last question
 * with every answer, and once the data API answers again the same response is
 * sent by itself: exactly one row.
 */
import { createServer, type Socket } from "node:net";
import { SUBMIT_TIMEOUT_MS } from "../../src/data/supabase-insert.ts";
import { RETRY } from "../../src/core/retry.ts";
import { expectRowToMatch, rowsByName, waitForOneRow } from "./support/db.ts";
import { waitingNotice } from "./support/draft.ts";
import { SurveyDriver } from "./support/driver.ts";
import { pathOf } from "./support/flows.ts";
import { expectedRow, loadSurvey, makePlan, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

test.use({ reducedMotion: "reduce" });

/** A server that accepts every connection, notes that a request came, and never answers. */
async function silentServer() {
  const sockets = new Set<Socket>();
  let requested: () => void = () => {};
  const firstRequest = new Promise<void>((resolve) => (requested = resolve));
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once("data", () => requested());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    firstRequest,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test("a data API that never answers: the waiting notice after 15 s, not before, every answer kept; answering again, it stores exactly one row", async ({ page, stack }) => {
  test.setTimeout(90_000); // a whole walk through the survey on a shared machine, then the (fake) 15 s
  const survey = loadSurvey("foreign-form");
  const name = uniqueName("timeout");
  const plan = makePlan(survey, name, "plain", (slider) => slider.max);
  const driver = new SurveyDriver(page, survey, "mouse");
  const last = survey.questions.length - 1;
  const silent = await silentServer();
  const apiRoutes = `${stack.apiUrl}/rest/v1/**`;
  try {
    await driver.open();
    await driver.fillAll(plan);
    // Installed only now: the inputs' own timers and animation frames run as usual while answering.
    await page.clock.install();
    await page.route(apiRoutes, (route) => route.continue({ url: route.request().url().replace(stack.apiUrl, silent.url) }));

    await driver.submit();
    await silent.firstRequest;
    await expect(page.getByRole("button", { name: survey.messages.submitting, exact: true }), "busy while waiting").toBeDisabled();
    await page.clock.runFor(SUBMIT_TIMEOUT_MS - 500);
    const notice = waitingNotice(page, survey);
    await expect(notice, "no notice before the time-out").toHaveCount(0);

    await page.clock.runFor(500);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(survey.messages.waitingForConnectionDescription);
    await expect(driver.toast(survey.messages.unexpectedErrorTitle), "not an error the respondent must act on").toHaveCount(0);
    expect(pathOf(page)).toBe(survey.route);
    await driver.expectQuestion(last);
    await driver.expectShown(last, plan[last]!);
    expect(await rowsByName(stack, survey.table, name), "nothing stored while the data API is silent").toHaveLength(0);
  } finally {
    await silent.close();
  }

  // The data API answers again: the next try, one retry delay later, stores the response once.
  await page.unroute(apiRoutes);
  await page.clock.runFor(RETRY.firstDelayMs);
  expectRowToMatch(await waitForOneRow(stack, survey.table, name), expectedRow(survey, plan));
  await expect(waitingNotice(page, survey)).toHaveCount(0);
  await page.clock.runFor(survey.thankYou.delayMs);
  await expect(page).toHaveURL((url) => url.pathname === survey.thankYou.path);
  expect(await rowsByName(stack, survey.table, name), "exactly one row").toHaveLength(1);
});
