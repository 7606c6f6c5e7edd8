import type { Page } from "@playwright/test";
import { join } from "node:path";
import { SCREENSHOTS_DIR } from "./paths.ts";

/** screenshots/<name>.png (git-ignored): what the screen shows, at the page's viewport. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), animations: "disabled", caret: "hide" });
}
