/**
 * `npm run validate [dir]`: checks every survey in surveys/ (or `dir`) and
 * prints one line per problem, `<file> <json-pointer>: <message>`.
 * Exit code 1 when anything is wrong.
 */
import { resolve } from "node:path";
import { REPO_ROOT } from "./lib/schema-check.ts";
import { formatError, loadSurveys } from "./lib/validate.ts";

const dir = resolve(process.argv[2] ?? `${REPO_ROOT}/surveys`);
const { surveys, errors } = loadSurveys(dir);
if (errors.length) {
  for (const error of errors) console.error(formatError(error));
  console.error(`${errors.length} error${errors.length === 1 ? "" : "s"}; fix the lines above and run npm run validate again.`);
  process.exit(1);
}
console.log(`${surveys.length} survey${surveys.length === 1 ? "" : "s"} valid`);
