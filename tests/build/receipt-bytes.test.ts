/**
 * What receipts cost, from real production builds: a site none of whose
 * surveys has `receipt` (the shipped surveys) carries none of their code,
 * in no file, not even a lazy chunk; a site with receipts loads none of it
 * on a survey's first load either (the code is added to the row in the lazy
 * submit path), and the data page is a chunk of its own.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { allScripts, buildOf, type BuiltSite, removeBuilds, scriptsOf } from "../support/first-load-files.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/bench/build.ts";
import { measureBuild } from "../../scripts/bench/first-load.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/receipt");
/** Strings only the feature's code holds: the rpc name's suffix, the device record's prefix, a data-page text, the code's alphabet. */
const MARKERS = { rpc: "_receipt_", storage: "survey-receipt:", page: "Tus respuestas guardadas", alphabet: "0123456789ABCDEFGHJKMNPQRSTVWXYZ" };

let shipped: BuiltSite;
let receipts: BuiltSite;

beforeAll(async () => {
  shipped = await buildOf(undefined);
  receipts = await buildOf(FIXTURE);
}, 400_000);

afterAll(removeBuilds);

describe("first load and receipts", () => {
  test("a site without receipts carries none of their code, in no file", () => {
    const all = allScripts(shipped);
    for (const [what, marker] of Object.entries(MARKERS)) expect(all.includes(marker), what).toBe(false);
    expect(readdirSync(join(shipped.outDir, "assets")).filter((file) => /^(data-page|receipt)/.test(file))).toEqual([]);
  });

  test("a survey with receipts loads none of their code first; the data page is a chunk of its own", () => {
    const [route] = measureBuild(receipts.outDir, ["/recibo"]).routes;
    const first = scriptsOf(receipts, route!.js.map((asset) => asset.file));
    for (const [what, marker] of Object.entries(MARKERS)) expect(first.includes(marker), what).toBe(false);
    const dataPage = readdirSync(join(receipts.outDir, "assets")).filter((file) => file.startsWith("data-page") && file.endsWith(".js"));
    expect(dataPage).toHaveLength(1);
    expect(route!.js.map((asset) => asset.file)).not.toContain(`assets/${dataPage[0]}`);
    expect(allScripts(receipts).includes(MARKERS.rpc)).toBe(true);
  });
});
