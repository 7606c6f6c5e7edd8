/**
 * `npm run validate [-- --fix] [dir]`: checks every survey in surveys/ (or
 * `dir`) and prints one line per problem, `<file> <json-pointer>: <message>`.
 * With --fix it first brings the files written for an earlier form of the
 * schema up to date, in place, then checks them all. Warnings (stale
 * translations) are printed and pass, unless --strict makes them errors.
 * Exit code 1 when anything is wrong.
 */
import { resolve } from "node:path";
import { cli } from "./lib/cli.ts";

const program = cli("npm run validate --", "Checks every survey file and prints one line per problem: <file> <json-pointer>: <message>.", "npm run validate -- --fix")
  .argument("[dir]", "the survey files' folder (default: surveys/)")
  .option("--fix", "first bring files written for an earlier form of the schema up to date, in place")
  .option("--strict", "warnings (e.g. stale translations) fail too")
  .parse();
const values = program.opts<{ fix?: boolean; strict?: boolean }>();
// Loaded once the arguments are read: --help and a usage error answer without loading the program (docs/developers/scripts.md).
const [{ REPO_ROOT }, { fixSurveyFiles }, { formatError, loadSurveys }] = await Promise.all([import("./lib/schema-check.ts"), import("./lib/upgrade-check.ts"), import("./lib/validate.ts")]);
const dir = resolve(program.args[0] ?? `${REPO_ROOT}/surveys`);
if (values.fix) for (const line of fixSurveyFiles(dir)) console.log(line);
const { surveys, errors: found, warnings } = loadSurveys(dir);
const errors = values.strict ? [...found, ...warnings] : found;
if (!values.strict) for (const warning of warnings) console.warn(`warning: ${formatError(warning)}`);
if (errors.length) {
  for (const error of errors) console.error(formatError(error));
  console.error(`${errors.length} error${errors.length === 1 ? "" : "s"}; fix the lines above and run npm run validate again.`);
  process.exit(1);
}
console.log(`${surveys.length} survey${surveys.length === 1 ? "" : "s"} valid`);
