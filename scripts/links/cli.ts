/**
 * `npm run links -- create --survey <id> --count N [--base https://…] [--out arquivo.csv]`
 * Writes N personal single-use links of a survey with oncePer "link" to a
 * CSV (one column, "link"). The database is DATABASE_URL (the hosted
 * project's connection string), or by default the running local data API.
 */
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { REPO_ROOT } from "../lib/repo-root.ts";
import { cli, subcommand, wholeNumber } from "../lib/cli.ts";

interface CreateValues {
  survey: string;
  count: number;
  base: string;
  out?: string;
  surveys?: string;
}

const links = cli("npm run links --", "Writes personal single-use links of a survey whose oncePer is \"link\".", "npm run links -- create --survey foreign-form --count 200 --base https://example.org");
subcommand(links, "create", "write N personal single-use links of a survey to a CSV (one column, \"link\")", "npm run links -- create --survey foreign-form --count 200 --base https://example.org --out links.csv")
  .requiredOption("--survey <id>", "the survey's id")
  .requiredOption("--count <N>", "how many links", wholeNumber)
  .option("--base <url>", "the site's address the links start with", "http://localhost:4173")
  .option("--out <file>", "the CSV to write (default: links-<id>.csv)")
  .option("--surveys <dir>", "the survey files' folder (default: surveys/)")
  .action(async (values: CreateValues, command: Command) => {
    process.exitCode = await create(values, command);
  });
await links.parseAsync();

async function create(values: CreateValues, command: Command): Promise<number> {
  // Loaded once the arguments are read: --help and a usage error answer without them (docs/developers/scripts.md).
  const [{ default: pg }, { localDatabaseUrl }, { formatError, loadSurveys }, { createLinks, LinksError }] = await Promise.all([
    import("pg"), import("../data-api/options.ts"), import("../lib/validate.ts"), import("./create-links.ts"),
  ]);
  const dir = resolve(values.surveys ?? join(REPO_ROOT, "surveys"));
  const { surveys, errors } = loadSurveys(dir);
  if (errors.length) {
    for (const error of errors) console.error(formatError(error));
    console.error("links: os arquivos das pesquisas têm erros (acima); corrija-os primeiro.");
    return 1;
  }
  const config = surveys.find((survey) => survey.config.id === values.survey)?.config;
  if (!config) command.error(`links: não há pesquisa "${values.survey}" em ${dir} (ids: ${surveys.map((survey) => survey.config.id).join(", ")})`);
  const out = resolve(values.out ?? `links-${config.id}.csv`);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL || localDatabaseUrl(), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const links = await createLinks(client, config, values.count, values.base, out);
    console.log(`links: ${links.length} link(s) pessoal(is) de uso único de "${config.id}" escritos em ${out}`);
    return 0;
  } catch (error) {
    const hint = error instanceof LinksError ? "" : process.env.DATABASE_URL ? " (confira DATABASE_URL e se as migrações foram aplicadas)" : " (inicie a API de dados local com npm run db:start, ou defina DATABASE_URL)";
    console.error(`links: ${(error as Error).message}${hint}`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}
