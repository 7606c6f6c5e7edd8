/**
 * What partial responses cost a site's first load, from real production
 * builds: a site none of whose surveys sets `partialResponses` (the shipped
 * surveys) carries none of the feature, not even a lazy chunk; a site with
 * such a survey carries only the small hook in its first load, while the
 * session, the data calls and the "continue later" panel (with its texts)
 * are chunks loaded after the page opens. Bytes are stable, so they are
 * tested.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildProduction, REPO_ROOT, type ProductionBuild } from "../../scripts/bench/build.ts";
import { measureBuild } from "../../scripts/bench/first-load.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/partial");
/** Strings only the feature's code holds: the hook's import of the session chunk, the rpc name's suffix, the key's storage prefix, a panel text. */
const MARKERS = { hook: "partial-session", rpc: "_save_partial", storage: "survey-partial:", panel: "Continuar más tarde" };
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

const scriptsOf = (build: ProductionBuild, files: string[]) => files.map((file) => readFileSync(join(build.outDir, file), "utf8")).join("\n");

let shipped: ProductionBuild;
let partial: ProductionBuild;

beforeAll(async () => {
  shipped = await buildOf(undefined);
  partial = await buildOf(FIXTURE);
}, 400_000);

afterAll(() => {
  for (const build of builds) build.remove();
});

describe("first load and partial responses", () => {
  test("a site without partial responses carries none of their code, in no file", () => {
    const assets = join(shipped.outDir, "assets");
    const all = scriptsOf(shipped, readdirSync(assets).filter((file) => file.endsWith(".js")).map((file) => join("assets", file)));
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(false);
    expect(readdirSync(assets).some((file) => file.startsWith("partial-session") || file.startsWith("continue-later")), "a partial-response chunk").toBe(false);
  });

  test("a survey with partial responses loads the hook first, and the session and the panel later", () => {
    const [route] = measureBuild(partial.outDir, ["/parcial"]).routes;
    const first = scriptsOf(partial, route!.js.map((asset) => asset.file));
    expect(first.includes(MARKERS.hook), "the hook").toBe(true);
    expect(first.includes(MARKERS.rpc), "the data calls").toBe(false);
    expect(first.includes(MARKERS.storage), "the key's storage").toBe(false);
    expect(first.includes(MARKERS.panel), "the panel's texts").toBe(false);
    const assets = readdirSync(join(partial.outDir, "assets"));
    expect(assets.some((file) => file.startsWith("partial-session"))).toBe(true);
    expect(assets.some((file) => file.startsWith("continue-later"))).toBe(true);
  });
});
