/**
 * `npm run edit [-- --port <n>] [--language pt-BR|es|en]`: the local survey editor for this project's
 * surveys/. Prints its address and opens nothing by itself.
 */
import { REPO_ROOT } from "../lib/repo-root.ts";
import { Option } from "commander";
import { DEFAULT_EDITOR_LANGUAGE, EDITOR_LANGUAGES, type EditorLanguage } from "../../src/editor/words/index.ts";
import { cli, wholeNumber } from "../lib/cli.ts";

const values = cli("npm run edit --", "Starts the local survey editor for this project's surveys/ and prints its address.", "npm run edit -- --port 5180 --language es")
  .option("--port <n>", "the port to listen on", wholeNumber, 5180)
  .addOption(new Option("--language <tag>", "the language of the editor's own words").choices(Object.keys(EDITOR_LANGUAGES)).default(DEFAULT_EDITOR_LANGUAGE))
  .parse()
  .opts<{ port: number; language: EditorLanguage }>();
// The server (and Vite under it) loads once the command line is understood: --help answers at once.
const { startEditorServer } = await import("./server.ts");
const editor = await startEditorServer({ root: REPO_ROOT, language: values.language }, values.port);
console.log(`${EDITOR_LANGUAGES[values.language].title}: ${editor.url}\n${EDITOR_LANGUAGES[values.language].openHint}`);
const stop = () => void editor.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
