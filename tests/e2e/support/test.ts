/**
 * The `test` every spec uses: baseURL and data-API access from the shared
 * stack, and pages that fail the test on any uncaught error in the app and on
 * any Content-Security-Policy violation (support/csp.ts).
 */
import { test as base, expect } from "@playwright/test";
import { watchNewContexts, watchViolations } from "./csp.ts";
import { sharedStack, type SharedStack } from "./env.ts";

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export const test = base.extend<{ stack: SharedStack; pageErrors: string[]; cspViolations: string[] }>({
  stack: async ({}, use) => use(sharedStack()),
  baseURL: async ({}, use) => use(sharedStack().baseURL),
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watchViolations(context, violations);
      const unwatch = watchNewContexts(browser, violations);
      await use(violations);
      unwatch();
      expect(violations, "Content-Security-Policy violations in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
