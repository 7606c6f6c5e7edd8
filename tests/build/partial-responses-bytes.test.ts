/**
 * What partial responses cost a site's first load, from real production
 * builds: a site none of whose surveys sets `partialResponses` (the shipped
 * surveys) carries none of the feature, not even a lazy chunk; a site with
 * such a survey carries only the small hook in its first load, while the
 * session, the data calls and the "continue later" panel (with its texts)
 * are chunks loaded after the page opens. Bytes are stable, so they are
 * tested, to the byte: the shipped surveys' first load is compared with a
 * build whose runner has had its partial-response lines taken out (the
 * counterfactual), and must be the very same files.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { buildOf, type BuiltSite, firstDifference, firstLoadFiles, gzipBytes, removeBuilds, scriptsOf } from "../support/first-load-files.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/bench/build.ts";
import { measureBuild, surveyRoutes } from "../../scripts/bench/first-load.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/partial");
/** Strings only the feature's code holds: the hook's import of the session chunk, the rpc name's suffix, the key's storage prefix, a panel text. */
const MARKERS = { hook: "partial-session", rpc: "_save_partial", storage: "survey-partial:", panel: "Continuar más tarde" };
const RUNNER = join(REPO_ROOT, "src/survey/survey-runner.tsx");
const SHIPPED_ROUTES = surveyRoutes(join(REPO_ROOT, "surveys"));

/**
 * The runner as it would be without the feature: the lines that name the
 * flag or the hook taken out, and the submit the hook would replace used as
 * is. A runner these edits no longer fit fails the build, rather than the
 * test comparing the shipped site with itself.
 */
function runnerWithoutPartialResponses(): Plugin {
  return {
    name: "runner-without-partial-responses",
    enforce: "pre",
    transform(code, id) {
      if (id.split("?")[0] !== RUNNER) return;
      // The final save through the partial response, wrapped so a refusal is explained like submit's (one statement).
      // The visit's events without waiting for a link's answers: the call the build keeps where the flag is false.
      const withoutOpening = code.replace(/const visit = PARTIAL_RESPONSES\n\s+\? useVisitEvents\(config, form, question\.id, partial\?\.opened\)\n\s+: (useVisitEvents\(config, form, question\.id\));/, "const visit = $1;");
      const withoutPartialSubmit = withoutOpening.replace(/\n  const partialSubmit: SubmitResponse \| undefined =\n[\s\S]*?\n    \}\);\n/, "\n");
      const kept = withoutPartialSubmit.split("\n").filter((line) => !/PARTIAL_RESPONSES|usePartialResponse/.test(line));
      const stripped = kept.join("\n").replace("partialSubmit ?? submit", "submit");
      if (/partial\??\.|partialSubmit|PARTIAL_RESPONSES/.test(stripped) || code.split("\n").length - kept.length < 4) {
        throw new Error(`${RUNNER}: its partial-response lines changed; update runnerWithoutPartialResponses in tests/build/partial-responses-bytes.test.ts`);
      }
      return stripped;
    },
  };
}

let shipped: BuiltSite;
let withoutFeature: BuiltSite;
let partial: BuiltSite;

beforeAll(async () => {
  shipped = await buildOf(undefined);
  withoutFeature = await buildOf(undefined, [runnerWithoutPartialResponses()]);
  partial = await buildOf(FIXTURE);
}, 400_000);

afterAll(removeBuilds);

describe("first load and partial responses", () => {
  test("a site without partial responses carries none of their code, in no file", () => {
    const assets = join(shipped.outDir, "assets");
    const all = scriptsOf(shipped, readdirSync(assets).filter((file) => file.endsWith(".js")).map((file) => join("assets", file)));
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(false);
    expect(readdirSync(assets).some((file) => file.startsWith("partial-session") || file.startsWith("continue-later")), "a partial-response chunk").toBe(false);
  });

  test.each(SHIPPED_ROUTES)("%s (no partialResponses): the first load is byte for byte that of a runner without the feature", (route) => {
    const built = firstLoadFiles(shipped, route);
    const counterfactual = firstLoadFiles(withoutFeature, route);
    expect.soft(gzipBytes(built) - gzipBytes(counterfactual), `${route}: ${gzipBytes(built)} B gzip, ${gzipBytes(counterfactual)} B without the feature`).toBe(0);
    const difference = firstDifference(built, counterfactual);
    expect(difference === undefined, `they differ in ${difference}`).toBe(true);
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
