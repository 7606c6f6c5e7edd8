/**
 * `npm run links -- create --survey <id> --count N [--base https://…] [--out arquivo.csv]`
 * Writes N personal single-use links of a survey with oncePer "link" to a
 * CSV (one column, "link"). The database is DATABASE_URL (the hosted
 * project's connection string), or by default the running local data API.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { localDatabaseUrl } from "../data-api/options.ts";
import { REPO_ROOT } from "../lib/schema-check.ts";
import { formatError, loadSurveys } from "../lib/validate.ts";
import { createLinks, LinksError } from "./create-links.ts";

const USAGE = "uso: npm run links -- create --survey <id> --count <N> [--base https://seu-site] [--out links.csv]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { survey: { type: "string" }, count: { type: "string" }, base: { type: "string", default: "http://localhost:4173" }, out: { type: "string" }, surveys: { type: "string" } },
  });
  if (positionals[0] !== "create" || !values.survey || !values.count) {
    console.error(USAGE);
    return 1;
  }
  const dir = resolve(values.surveys ?? join(REPO_ROOT, "surveys"));
  const { surveys, errors } = loadSurveys(dir);
  if (errors.length) {
    for (const error of errors) console.error(formatError(error));
    console.error("links: os arquivos das pesquisas têm erros (acima); corrija-os primeiro.");
    return 1;
  }
  const config = surveys.find((survey) => survey.config.id === values.survey)?.config;
  if (!config) {
    console.error(`links: não há pesquisa "${values.survey}" em ${dir} (ids: ${surveys.map((survey) => survey.config.id).join(", ")})`);
    return 1;
  }
  const out = resolve(values.out ?? `links-${config.id}.csv`);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL || localDatabaseUrl(), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const links = await createLinks(client, config, Number(values.count), values.base, out);
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

process.exitCode = await main();
