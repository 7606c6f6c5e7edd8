/**
 * `npm run codegen [-- --check] [--surveys <dir>] [--out <dir>]`
 * Writes src/generated/{survey-config,rows}.ts and any missing migration into
 * supabase/migrations/ under --out (default: the repository). With --check it
 * writes nothing and exits 1 when a generated file is stale or missing.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { generate, staleFiles, writeStaleFiles } from "./lib/codegen.ts";
import { REPO_ROOT } from "./lib/schema-check.ts";
import { formatError } from "./lib/validate.ts";

const { values } = parseArgs({
  options: { check: { type: "boolean", default: false }, surveys: { type: "string" }, out: { type: "string" } },
});
const surveysDir = resolve(values.surveys ?? join(REPO_ROOT, "surveys"));
const outDir = resolve(values.out ?? REPO_ROOT);

const result = await generate(surveysDir, outDir);
if ("errors" in result) {
  for (const error of result.errors) console.error(formatError(error));
  console.error("codegen: the surveys are invalid (see above); nothing was generated.");
  process.exit(1);
}
for (const warning of result.warnings) console.warn(`warning: ${warning}`);

const stale = staleFiles(result.files, outDir);
if (values.check) {
  for (const path of stale) console.error(`stale: ${path}`);
  if (stale.length) {
    console.error(`codegen --check: ${stale.length} generated file(s) out of date; run npm run codegen and commit the result.`);
    process.exit(1);
  }
  console.log("codegen --check: generated files and migrations are up to date");
} else {
  for (const path of writeStaleFiles(result.files, outDir)) console.log(`wrote ${path}`);
  console.log(`codegen: ${stale.length} file(s) written, ${result.files.length - stale.length} unchanged`);
}
