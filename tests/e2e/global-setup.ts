/**
 * Before any browser starts: check Chromium is there, then start the shared
 * stack (data API in memory + production build + static server, all on free
 * ports on 127.0.0.1). Its addresses reach the workers as environment
 * variables (see support/env.ts). The returned function is the teardown.
 */
import { existsSync } from "node:fs";
import { testChromiumPath } from "../../scripts/chromium.ts";
import { exposeStack } from "./support/env.ts";
import { startStack } from "./support/stack.ts";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = testChromiumPath();
  if (!existsSync(chromium)) {
    // One line, no stack trace: this is an installation step, not a bug.
    const error = new Error(`Chromium not found at ${chromium}: install it with \`apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH)`);
    error.stack = error.message;
    throw error;
  }
  const stack = await startStack();
  exposeStack(stack);
  return () => stack.stop();
}
