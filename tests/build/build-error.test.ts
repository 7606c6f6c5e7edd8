/**
 * A production build that fails says why: the prerender (which reads the
 * built index.html when the bundle closes) stays out of the way of the
 * build's own error, instead of replacing it with "ENOENT … index.html".
 */
import type { Plugin } from "vite";
import { expect, test } from "vitest";
import { buildProduction } from "../../scripts/bench/build.ts";

const failingModule: Plugin = {
  name: "failing-module",
  transform(_code, id) {
    if (id.endsWith("src/main.tsx")) throw new Error("a module this build cannot compile");
  },
};

test("the build's own error reaches the developer, not the prerender's missing index.html", async () => {
  const error = await buildProduction({ logLevel: "silent", plugins: [failingModule] }).then(
    () => undefined,
    (reason: unknown) => reason as Error,
  );
  expect(error?.message).toContain("a module this build cannot compile");
  expect(error?.message).not.toContain("ENOENT");
}, 300_000);
