/**
 * `npm run translations -- export --language pt-BR [--survey <id>] [--out <dir>] [surveys-dir]`
 * writes, for each survey in several languages that lists the language, a
 * PO file `<id>.<language>.po` for translators (po-file.ts), creating the
 * --out folder when missing.
 * `npm run translations -- import <file.po>… [--surveys <dir>]` reads them
 * back into translations/<id>.<language>.json (import-po.ts), then checks the
 * surveys as `npm run validate` does. Exit code 1 when anything is wrong.
 */
import { join, resolve } from "node:path";
import { REPO_ROOT } from "../lib/repo-root.ts";
import { cli, subcommand } from "../lib/cli.ts";

const translations = cli("npm run translations --", "Exports the texts of a survey to PO files for translators, and imports them back.", "npm run translations -- export --language pt-BR --out po/");

subcommand(translations, "export", "write <id>.<language>.po for each survey in several languages that lists the language", "npm run translations -- export --language pt-BR --survey foreign-form --out po/")
  .argument("[surveys-dir]", "the survey files' folder (default: surveys/)")
  .requiredOption("--language <tag>", "the language to translate into, e.g. pt-BR")
  .option("--survey <id>", "only this survey")
  .option("--out <dir>", "the folder for the PO files (created when missing)", ".")
  .option("--surveys <dir>", "the survey files' folder, as [surveys-dir]")
  // The work is loaded once the arguments are read: --help and a usage error answer without it (docs/developers/scripts.md).
  .action(async (dir: string | undefined, values: { language: string; survey?: string; out: string; surveys?: string }) => (await import("./commands.ts")).exportFiles(surveysDir(values.surveys ?? dir), values));

subcommand(translations, "import", "read PO files back into translations/<id>.<language>.json, then check the surveys as npm run validate does", "npm run translations -- import po/foreign-form.pt-BR.po")
  .argument("<file.po...>", "the PO files")
  .option("--surveys <dir>", "the survey files' folder (default: surveys/)")
  .action(async (files: string[], values: { surveys?: string }) => (await import("./commands.ts")).importFiles(surveysDir(values.surveys), files));

await translations.parseAsync();

function surveysDir(dir: string | undefined): string {
  return resolve(dir ?? join(REPO_ROOT, "surveys"));
}
