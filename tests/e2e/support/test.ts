/**
 * The `test` every spec uses: baseURL and data-API access from the shared
 * stack, and a page that fails the test on any uncaught error in the app.
 */
import { test as base, expect } from "@playwright/test";
import { sharedStack, type SharedStack } from "./env.ts";

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export const test = base.extend<{ stack: SharedStack; pageErrors: string[] }>({
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
});

export { expect };
