/**
 * The spec's ending, shared by several specs: after Enviar the success toast
 * shows while the survey is still on screen, then /thank-you follows about
 * 1.5 s after the data API answered.
 *
 * The toast lives only until the redirect, so it is watched from inside the
 * page (a MutationObserver notes when it appears, with the page's own clock,
 * the path and the question then on screen) rather than by polling from the
 * test, which on a busy machine could look too late and miss it.
 */
import { expect, test, type Page } from "@playwright/test";
import type { SurveyDriver } from "./driver.ts";
import { titleOf } from "./survey.ts";

interface ToastSeen {
  at: number;
  text: string;
  path: string;
  heading: string;
  height: number;
}

interface Watch {
  toast?: ToastSeen;
  /** When the app navigated away (Navigation API 'navigate' event). */
  navigate?: number;
}

/** Starts watching for the success toast and the navigation; call before sending. */
export async function watchSuccess(page: Page, toastTitle: string): Promise<void> {
  await page.evaluate((title) => {
    const watch: Watch = {};
    (window as unknown as { __e2eWatch: Watch }).__e2eWatch = watch;
    const observer = new MutationObserver(() => {
      if (watch.toast) return;
      const item = [...document.querySelectorAll("li")].find((candidate) => candidate.textContent?.includes(title));
      if (!item) return;
      watch.toast = {
        at: performance.now(),
        text: item.textContent ?? "",
        path: location.pathname,
        heading: document.querySelector("h1")?.textContent ?? "",
        height: item.getBoundingClientRect().height,
      };
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
    navigation?.addEventListener("navigate", () => (watch.navigate ??= performance.now()));
  }, toastTitle);
}

/** After sending: the toast was shown on the survey, then /thank-you ~1.5 s after the answer (asserted loosely). */
export async function expectSuccessEnding(driver: SurveyDriver): Promise<void> {
  const { page, survey } = driver;
  const { successTitle: title, successDescription: description } = survey.messages;
  const { path, delayMs, heading } = survey.thankYou;
  await expect(page).toHaveURL((url) => url.pathname === path, { timeout: delayMs + 5_000 });
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();

  const { watch, response } = await page.evaluate((table) => {
    const inserts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.name.includes(`/rest/v1/${table}`));
    return { watch: (window as unknown as { __e2eWatch: Watch }).__e2eWatch, response: inserts.at(-1)?.responseEnd };
  }, survey.table);
  const { toast, navigate } = watch;
  expect(toast, `the success toast '${title}' was shown`).toBeDefined();
  expect(response, "the insert request was seen").toBeDefined();
  expect(navigate, "the app navigated").toBeDefined();
  expect(toast!.text).toContain(description);
  expect(toast!.height, "the toast has a size on screen").toBeGreaterThan(0);
  expect(toast!.path, "the survey is still on screen when the toast shows").toBe(survey.route);
  expect(toast!.heading, "… on its last question").toBe(titleOf(survey, survey.questions.at(-1)!));
  expect(toast!.at, "the toast shows before the redirect").toBeLessThan(navigate!);

  const shownAfter = Math.round(toast!.at - response!);
  const redirectAfter = Math.round(navigate! - response!);
  test.info().annotations.push({ type: "submit timing", description: `answer → toast ${shownAfter} ms, answer → ${path} ${redirectAfter} ms` });
  expect(shownAfter, "the toast shows promptly after the answer").toBeLessThan(1_000);
  expect(redirectAfter, `redirect ~${delayMs} ms after the answer`).toBeGreaterThanOrEqual(delayMs - 100);
  expect(redirectAfter, `redirect ~${delayMs} ms after the answer`).toBeLessThan(delayMs + 1_500);
}

/** Sends (Enviar or Enter) and checks the ending. */
export async function submitAndExpectThankYou(driver: SurveyDriver): Promise<void> {
  await watchSuccess(driver.page, driver.survey.messages.successTitle);
  await driver.submit();
  await expectSuccessEnding(driver);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
