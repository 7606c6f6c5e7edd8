/**
 * Under the dev server (`npm run dev`: Vite, nothing prerendered) a survey in
 * several languages opens in the language chosen as on the built site:
 * `?lang=`, else the browser's preferred languages, the address's query kept.
 * The real Vite dev server with the project's vite.config.ts, over the
 * three-language fixture.
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { createServer, type ViteDevServer } from "vite";
import { REPO_ROOT } from "./support/paths.ts";
import { expect, test } from "./support/test.ts";

let server: ViteDevServer;
let base: string;
// The dev server sets NODE_ENV to "development" for its process: put back after, for the specs that build next in this worker.
const nodeEnv = process.env.NODE_ENV;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // vite.config.ts reads the survey folder from SURVEYS_DIR when it loads.
  const before = process.env.SURVEYS_DIR;
  process.env.SURVEYS_DIR = "tests/fixtures/surveys/trilingual";
  try {
    server = await createServer({ root: REPO_ROOT, configFile: join(REPO_ROOT, "vite.config.ts"), logLevel: "silent", server: { port: 0, host: "127.0.0.1", strictPort: false } });
  } finally {
    if (before === undefined) delete process.env.SURVEYS_DIR;
    else process.env.SURVEYS_DIR = before;
  }
  await server.listen();
  base = server.resolvedUrls!.local[0]!;
});

test.afterAll(async () => {
  await server?.close();
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
});

const heading = (page: Page) => page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 });

test("?lang= moves the survey's page to that language, keeping the query", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(new URL("/trilingue?lang=pt-BR&utm_source=x", base).href);
  await expect(page).toHaveURL((address) => address.pathname === "/trilingue/pt-BR" && address.searchParams.get("utm_source") === "x", { timeout: 30_000 });
  await expect(heading(page)).toHaveText("Qual é o seu nome?", { timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");

  await page.goto(new URL("/trilingue/pt-BR?lang=es", base).href);
  await expect(page).toHaveURL((address) => address.pathname === "/trilingue");
  await expect(heading(page)).toHaveText("¿Cómo te llamas?");
});

test("without ?lang=, the browser's preferred languages choose", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(new URL("/trilingue", base).href);
  await expect(page).toHaveURL((address) => address.pathname === "/trilingue/en", { timeout: 30_000 });
  await expect(heading(page)).toHaveText("What is your name?", { timeout: 30_000 });
  await context.close();
});
