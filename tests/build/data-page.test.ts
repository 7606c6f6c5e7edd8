/**
 * A receipt's data page before any script runs, as `npm start` serves the
 * production build (scripts/serve-dist.ts) to a plain GET: a browser that
 * has not run the page's scripts yet, or a link preview that never will.
 * It answers 200 with its own words in the survey's language, not the site's
 * 404 page. The respondent is told to type this address.
 */
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildProduction, REPO_ROOT, type ProductionBuild } from "../../scripts/bench/build.ts";
import { serveDist } from "../../scripts/serve-dist.ts";
import { receiptWords } from "../../src/i18n/receipt-words.ts";

let build: ProductionBuild;
let origin: string;
let close: () => void;

beforeAll(async () => {
  const saved = process.env.SURVEYS_DIR;
  process.env.SURVEYS_DIR = join(REPO_ROOT, "tests/fixtures/surveys/receipt");
  try {
    build = await buildProduction({ logLevel: "silent" });
  } finally {
    if (saved === undefined) delete process.env.SURVEYS_DIR;
    else process.env.SURVEYS_DIR = saved;
  }
  const server = await serveDist(build.outDir, 0);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
}, 400_000);

afterAll(() => {
  close?.();
  build?.remove();
});

test.each([
  ["/recibo/meus-dados", "es"],
  ["/recibo-parcial/meus-dados-parciais", "pt-BR"],
] as const)("GET %s answers 200 with the data page in %s", async (path, language) => {
  const response = await fetch(`${origin}${path}`);
  const html = await response.text();
  const words = receiptWords(language);
  expect(response.status).toBe(200);
  expect(html).toContain(`<html lang="${language}"`);
  expect(html).toContain(`<title>${words.pageTitle}`);
  for (const text of [words.heading, words.codeLabel, words.show]) expect(html).toContain(text);
  expect(html).not.toContain("Oops");
});
