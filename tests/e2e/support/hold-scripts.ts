import type { Page } from "@playwright/test";

/** Holds every script of the page back (a slow network) until the returned call releases them. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
