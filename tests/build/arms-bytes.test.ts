/**
 * What A/B arms cost, from real production builds: a site none of whose
 * surveys has arms (the shipped surveys) carries none of their code, in no
 * file, and each survey's first load is byte for byte that of a build whose
 * runner, conditions, draft fit and toRow have had their arm lines taken
 * out (the counterfactual: the code as it was before the feature). A survey
 * with arms asks for its arm from its first load.
 */
import { join } from "node:path";
import type { Plugin } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/bench/build.ts";
import { measureBuild, surveyRoutes } from "../../scripts/bench/first-load.ts";
import { allScripts, buildOf, type BuiltSite, firstDifference, firstLoadFiles, gzipBytes, removeBuilds, scriptsOf } from "../support/first-load-files.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/arms");
/** Strings only the feature's code holds: the answers' key for who chose the arm, its column, the assignment's function name. */
const MARKERS = { key: "armSource", column: "arm_source", assignment: "_assign_arm" };
const SHIPPED_ROUTES = surveyRoutes(join(REPO_ROOT, "surveys"));

/** Each file's arm edits undone; an edit that no longer fits fails the build, rather than comparing the shipped site with itself. */
const UNDONE: Record<string, [RegExp | string, string][]> = {
  "src/survey/survey-runner.tsx": [
    [/^import \{ SITE_ARMS \} from .*\n/m, ""],
    [/^import \{ useArmAssignment, useArmedSurvey \} from .*\n/m, ""],
    [/^  \/\/ As this respondent's A\/B arm words.*\n  if \(SITE_ARMS\) config = useArmedSurvey\(config, form.control\);\n/m, ""],
    [/^  \/\/ After the draft's and the partial response's hooks.*\n  if \(SITE_ARMS\) useArmAssignment\(config, form\);\n/m, ""],
  ],
  "src/core/to-row.ts": [
    [/^import \{ SITE_ARMS \} from .*\n/m, ""],
    [/^  \/\/ The arm \(arms.ts\) and who chose it.*\n  const arm = .*\n  if \(typeof arm === "string"\) .*\n/m, ""],
  ],
  "src/core/conditions.ts": [
    [/^import \{ SITE_ARMS \} from .*\n/m, ""],
    [/^  \/\/ A\/B arms \(arms.ts\).*\n  if \(SITE_ARMS && condition.arm !== undefined\) .*\n/m, ""],
    [' : SITE_ARMS && condition.arm !== undefined ? ["arm"] : [];', " : [];"],
  ],
  "src/core/draft-fit.ts": [
    [/^import \{ SITE_ARMS \} from .*\n^import \{ ARM_ID, ARM_SOURCE_ID, knownArm \} from .*\n/m, ""],
    [/^  \/\/ The draft's arm, while the survey still has it.*\n  if \(SITE_ARMS\) .*\n/m, ""],
    [/^\/\*\* The draft's arm and who chose it.*\nfunction draftArm[^]*?\n}\n\n/m, ""],
  ],
};

function withoutArms(): Plugin {
  return {
    name: "without-arms",
    enforce: "pre",
    transform(code, id) {
      const file = Object.keys(UNDONE).find((path) => id.split("?")[0] === join(REPO_ROOT, path));
      if (!file) return;
      return UNDONE[file]!.reduce((text, [from, to]) => {
        const next = text.replace(from, to);
        if (next === text) throw new Error(`${file}: its arm lines changed (${String(from)}); update UNDONE in tests/build/arms-bytes.test.ts`);
        return next;
      }, code);
    },
  };
}

let shipped: BuiltSite;
let withoutFeature: BuiltSite;
let armed: BuiltSite;
let partial: BuiltSite;

beforeAll(async () => {
  shipped = await buildOf(undefined);
  withoutFeature = await buildOf(undefined, [withoutArms()]);
  armed = await buildOf(FIXTURE);
  partial = await buildOf(join(REPO_ROOT, "tests/fixtures/surveys/partial"));
}, 400_000);

afterAll(removeBuilds);

describe("first load and A/B arms", () => {
  test.each([["the shipped surveys", () => shipped], ["a survey with partial responses (whose resume may bring an arm)", () => partial]] as const)("a site without arms carries none of their code, in no file: %s", (_, site) => {
    const all = allScripts(site());
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(false);
  });

  test.each(SHIPPED_ROUTES)("%s (no arms): the first load is byte for byte that of a runner without the feature", (route) => {
    const built = firstLoadFiles(shipped, route);
    const counterfactual = firstLoadFiles(withoutFeature, route);
    expect.soft(gzipBytes(built) - gzipBytes(counterfactual), `${route}: ${gzipBytes(built)} B gzip, ${gzipBytes(counterfactual)} B without the feature`).toBe(0);
    const difference = firstDifference(built, counterfactual);
    expect(difference === undefined, `they differ in ${difference}`).toBe(true);
  });

  test("a survey with arms asks for its arm from its first load", () => {
    const [route] = measureBuild(armed.outDir, ["/variantes"]).routes;
    const first = scriptsOf(armed, route!.js.map((asset) => asset.file));
    expect(first.includes(MARKERS.assignment), "the assignment's function").toBe(true);
    expect(first.includes(MARKERS.key), "the answers' key").toBe(true);
  });
});
