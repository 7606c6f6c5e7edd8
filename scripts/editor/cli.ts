/**
 * `npm run edit [-- --port <n>] [--language pt-BR|es|en]`: the local survey editor for this project's
 * surveys/. Prints its address and opens nothing by itself.
 */
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../lib/schema-check.ts";
import { DEFAULT_EDITOR_LANGUAGE, EDITOR_LANGUAGES, isEditorLanguage } from "../../src/editor/words/index.ts";
import { startEditorServer } from "./server.ts";

const { values } = parseArgs({ options: { port: { type: "string", default: "5180" }, language: { type: "string", default: DEFAULT_EDITOR_LANGUAGE } } });
if (!isEditorLanguage(values.language)) {
  console.error(`npm run edit: no editor words for "${values.language}"; choose one of ${Object.keys(EDITOR_LANGUAGES).join(", ")} (e.g. npm run edit -- --language es).`);
  process.exit(2);
}
const editor = await startEditorServer({ root: REPO_ROOT, language: values.language }, Number(values.port));
console.log(`${EDITOR_LANGUAGES[values.language].title}: ${editor.url}\n${EDITOR_LANGUAGES[values.language].openHint}`);
const stop = () => void editor.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
