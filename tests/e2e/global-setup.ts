/**
 * Before any browser starts: check Chromium is there, then start the two
 * shared stacks side by side (each a data API in memory + production build +
 * static server, all on free ports on 127.0.0.1): the product's surveys, and
 * the fixture sets the specs share (support/fixture-sets.ts). Their
 * addresses reach the workers as environment variables (see support/env.ts).
 * The returned function is the teardown.
 */
import { existsSync, rmSync } from "node:fs";
import { testChromiumPath } from "../../scripts/chromium.ts";
import { exposeStack } from "./support/env.ts";
import { assembleFixtureSets } from "./support/fixture-sets.ts";
import { startStack, type Stack } from "./support/stack.ts";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = testChromiumPath();
  if (!existsSync(chromium)) {
    // One line, no stack trace: this is an installation step, not a bug.
    const error = new Error(`Chromium not found at ${chromium}: install it with \`apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH)`);
    error.stack = error.message;
    throw error;
  }
  const fixtures = assembleFixtureSets();
  const started = await Promise.allSettled([startStack(), startStack({ surveysDir: fixtures })]);
  const stacks = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
    rmSync(fixtures, { recursive: true, force: true });
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const [product, fixtureSets] = stacks as [Stack, Stack];
  exposeStack("product", product);
  exposeStack("fixtures", fixtureSets);
  return stopAll;
}
