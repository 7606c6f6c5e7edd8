/**
 * `npm run edit [-- --port <n>]`: the local survey editor for this project's
 * surveys/. Prints its address and opens nothing by itself.
 */
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../lib/schema-check.ts";
import { startEditorServer } from "./server.ts";

const { values } = parseArgs({ options: { port: { type: "string", default: "5180" } } });
const editor = await startEditorServer({ root: REPO_ROOT }, Number(values.port));
console.log(`Survey editor: ${editor.url}\nOpen it in your browser. Stop it with Ctrl+C.`);
const stop = () => void editor.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
