/**
 * What random order costs, from real production builds: a site none of whose
 * surveys shuffles (the shipped surveys) carries none of its code, in no
 * file, and each survey's first load is byte for byte that of a build whose
 * runner, draft hook, draft fit and toRow have had their random-order lines
 * taken out (the counterfactual: the code as it was before the feature). A survey that
 * shuffles carries the draw in its first load, since the order is drawn
 * when the form opens.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/bench/build.ts";
import { measureBuild, surveyRoutes } from "../../scripts/bench/first-load.ts";
import { buildOf, type BuiltSite, firstDifference, firstLoadFiles, gzipBytes, removeBuilds, scriptsOf } from "../support/first-load-files.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/shuffle");
/** Strings only the feature's code holds: the answers' key, the column, the generator's constant (mulberry32's increment). */
const MARKERS = { key: "shownOrder", column: "shown_order", generator: String(0x6d2b79f5) };
const SHIPPED_ROUTES = surveyRoutes(join(REPO_ROOT, "surveys"));

/** Each file's random-order edits undone; an edit that no longer fits fails the build, rather than comparing the shipped site with itself. */
const UNDONE: Record<string, [RegExp | string, string][]> = {
  "src/survey/survey-runner.tsx": [
    [/^import \{ SITE_SHUFFLE \} from .*\n/m, ""],
    [/^import \{ useShownOrder, withShownOrder \} from .*\n/m, ""],
    ["(SITE_SHUFFLE ? withShownOrder(config, openingAnswers(config, search, uuidV4())) : openingAnswers(config, search, uuidV4()))", "openingAnswers(config, search, uuidV4())"],
    [/^  \/\/ The questions and options in this respondent's order.*\n  if \(SITE_SHUFFLE\) config = useShownOrder\(config, form.control\);\n/m, ""],
  ],
  "src/core/to-row.ts": [
    [/^import \{ SITE_SHUFFLE \} from .*\n^import type \{ ShownOrder \} from .*\n/m, ""],
    ["| Record<string, string> | ShownOrder | null", "| Record<string, string> | null"],
    [/^  \/\/ The order this respondent saw.*\n.*\n  const shownOrder = .*\n  if \(typeof shownOrder === "string"\) .*\n/m, ""],
  ],
  "src/core/draft-fit.ts": [[/^  \/\/ The order the draft was shown in.*\n  if \(SITE_SHUFFLE && usesShuffle\(config\)\) .*\n/m, ""]],
  "src/survey/use-draft.ts": [
    [/^import \{ SITE_SHUFFLE \} from .*\n/m, ""],
    ["carriedOver, fitDraft, inDraftOrder }", "carriedOver, fitDraft }"],
    [/^    \/\/ A survey that shuffles restores into the draft's own order.*\n/m, ""],
    ["fitDraft(SITE_SHUFFLE ? inDraftOrder(shown.current, draft) : shown.current, draft)", "fitDraft(shown.current, draft)"],
  ],
};

function withoutShuffle(): Plugin {
  return {
    name: "without-shuffle",
    enforce: "pre",
    transform(code, id) {
      const file = Object.keys(UNDONE).find((path) => id.split("?")[0] === join(REPO_ROOT, path));
      if (!file) return;
      return UNDONE[file]!.reduce((text, [from, to]) => {
        const next = text.replace(from, to);
        if (next === text) throw new Error(`${file}: its random-order lines changed (${String(from)}); update UNDONE in tests/build/shuffle-bytes.test.ts`);
        return next;
      }, code);
    },
  };
}

let shipped: BuiltSite;
let withoutFeature: BuiltSite;
let shuffling: BuiltSite;
let partial: BuiltSite;

beforeAll(async () => {
  shipped = await buildOf(undefined);
  withoutFeature = await buildOf(undefined, [withoutShuffle()]);
  shuffling = await buildOf(FIXTURE);
  partial = await buildOf(join(REPO_ROOT, "tests/fixtures/surveys/partial"));
}, 400_000);

afterAll(removeBuilds);

describe("first load and random order", () => {
  test.each([["the shipped surveys", () => shipped], ["a survey with partial responses (whose resume may bring an order)", () => partial]] as const)("a site that shuffles nothing carries none of its code, in no file: %s", (_, site) => {
    const assets = join(site().outDir, "assets");
    const all = scriptsOf(site(), readdirSync(assets).filter((file) => file.endsWith(".js")).map((file) => join("assets", file)));
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(false);
  });

  test.each(SHIPPED_ROUTES)("%s (nothing shuffled): the first load is byte for byte that of a runner without the feature", (route) => {
    const built = firstLoadFiles(shipped, route);
    const counterfactual = firstLoadFiles(withoutFeature, route);
    expect.soft(gzipBytes(built) - gzipBytes(counterfactual), `${route}: ${gzipBytes(built)} B gzip, ${gzipBytes(counterfactual)} B without the feature`).toBe(0);
    const difference = firstDifference(built, counterfactual);
    expect(difference === undefined, `they differ in ${difference}`).toBe(true);
  });

  test("a survey that shuffles draws its order in the first load", () => {
    const [route] = measureBuild(shuffling.outDir, ["/orden"]).routes;
    const first = scriptsOf(shuffling, route!.js.map((asset) => asset.file));
    expect(first.includes(MARKERS.key), "the answers' key").toBe(true);
    expect(first.includes(MARKERS.generator), "the generator").toBe(true);
  });
});
