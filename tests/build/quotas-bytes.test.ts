/**
 * What quotas cost, from real production builds: a site none of whose
 * surveys has `quotas` (the shipped surveys) carries none of their code, in
 * no file (src/quotas/site-quotas.ts folds away: the screen-out pages'
 * routes, the refusal that leads there, the options hidden when full); a
 * site with quotas has it. That the shipped build is byte-identical to the
 * one before quotas was checked when they were added, by building both.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildProduction, REPO_ROOT, type ProductionBuild } from "../../scripts/bench/build.ts";
import { fullQuotasFunctionName, QUOTA_ERROR_CODE } from "../../src/core/quotas.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/campaign");
/** Strings only the feature's code holds: the full quotas' rpc suffix, the refusal's code, the screen-out pages' key. */
const MARKERS = { rpc: fullQuotasFunctionName(""), code: QUOTA_ERROR_CODE, pages: "screenOut" };
const builds: ProductionBuild[] = [];

async function buildOf(dir: string | undefined): Promise<ProductionBuild> {
  const saved = process.env.SURVEYS_DIR;
  if (dir) process.env.SURVEYS_DIR = dir;
  try {
    const build = await buildProduction({ logLevel: "silent" });
    builds.push(build);
    return build;
  } finally {
    if (saved === undefined) delete process.env.SURVEYS_DIR;
    else process.env.SURVEYS_DIR = saved;
  }
}

const allScripts = (build: ProductionBuild) =>
  readdirSync(join(build.outDir, "assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(join(build.outDir, "assets", file), "utf8"))
    .join("\n");

let shipped: ProductionBuild;
let quotas: ProductionBuild;

beforeAll(async () => {
  shipped = await buildOf(undefined);
  quotas = await buildOf(FIXTURE);
}, 400_000);

afterAll(() => {
  for (const build of builds) build.remove();
});

describe("quotas in the build", () => {
  test("a site without quotas carries none of their code, in no file", () => {
    const all = allScripts(shipped);
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(false);
  });

  test("a site with quotas carries the screen-out and the hidden options", () => {
    const all = allScripts(quotas);
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(true);
  });
});
