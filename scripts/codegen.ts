/**
 * `npm run codegen [-- --check] [--surveys <dir>] [--out <dir>]`
 * Writes src/generated/{survey-config,rows}.ts and any missing migration into
 * supabase/migrations/ under --out (default: the repository). With --check it
 * writes nothing and exits 1 when a generated file is stale or missing.
 */
import { join, resolve } from "node:path";
import { cli } from "./lib/cli.ts";

const values = cli("npm run codegen --", "Writes src/generated/ and the missing migrations in supabase/migrations/ from the survey files.", "npm run codegen -- --check")
  .option("--check", "write nothing; exit 1 when a generated file is stale or missing")
  .option("--surveys <dir>", "the survey files' folder (default: surveys/)")
  .option("--out <dir>", "where src/generated/ and supabase/migrations/ are (default: the repository)")
  .parse()
  .opts<{ check?: boolean; surveys?: string; out?: string }>();
// Loaded once the arguments are read: --help and a usage error answer without loading the program (docs/developers/scripts.md).
const [{ generate, staleFiles, writeStaleFiles }, { REPO_ROOT }, { formatError }] = await Promise.all([import("./lib/codegen.ts"), import("./lib/schema-check.ts"), import("./lib/validate.ts")]);
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
