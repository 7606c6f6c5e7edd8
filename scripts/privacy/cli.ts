/**
 * `npm run privacy [-- --out <file>] [--surveys <dir>]`: writes the record of
 * processing (record.ts) for every survey file, in Portuguese. The hosting is
 * the project the build points at (VITE_SUPABASE_URL or SUPABASE_URL), or
 * what PRIVACY_HOSTING says (e.g. "Supabase, região São Paulo (sa-east-1)").
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { cli } from "../lib/cli.ts";

const values = cli("npm run privacy --", "Writes the record of processing (registro das operações de tratamento, LGPD) of every survey, in Portuguese.", "npm run privacy -- --out reports/registro.md")
  .option("--out <file>", "the Markdown file to write (default: reports/registro-de-tratamento.md)")
  .option("--surveys <dir>", "the survey files' folder (default: surveys/)")
  .parse()
  .opts<{ out?: string; surveys?: string }>();
// Loaded once the arguments are read: --help and a usage error answer without loading the program (docs/developers/scripts.md).
const [{ REPO_ROOT }, { formatError, loadSurveys }, { processingRecord }] = await Promise.all([import("../lib/schema-check.ts"), import("../lib/validate.ts"), import("./record.ts")]);
const surveysDir = resolve(values.surveys ?? join(REPO_ROOT, "surveys"));
const out = resolve(values.out ?? join(REPO_ROOT, "reports", "registro-de-tratamento.md"));

const { surveys, errors } = loadSurveys(surveysDir);
if (errors.length) {
  for (const error of errors) console.error(formatError(error));
  console.error("privacy: the surveys are invalid (see above); nothing was written.");
  process.exit(1);
}
const url = process.env.VITE_SUPABASE_URL ?? process.env.SUPABASE_URL;
const hosting = process.env.PRIVACY_HOSTING ?? (url ? `Supabase (PostgreSQL), projeto ${url}` : "não configurado: defina VITE_SUPABASE_URL ou PRIVACY_HOSTING (localmente, o banco embutido em .data/)");
const record = processingRecord(surveys.map(({ file, config }) => ({ config, source: `surveys/${basename(file)}` })), { hosting, date: new Date().toISOString().slice(0, 10) });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, record);
console.log(`privacy: wrote ${out}`);
