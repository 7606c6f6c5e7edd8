/**
 * Personal single-use links for a survey with oncePer "link": the database
 * mints the tokens (survey_private.mint_links, signed with a key that never
 * leaves it), this writes them as a CSV of addresses, one per person, e.g.
 * for a mailing. A token opens the survey once: the database refuses a
 * second response with it, and any token it did not make.
 */
import { writeFileSync } from "node:fs";
import type pg from "pg";
import { LINK_PARAMETER, oncePolicy } from "../../src/core/once.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { MINT_LINKS_FUNCTION } from "../sql/once-sql.ts";

/** At most this many links per run: a mailing, not a flood; run again for more. */
export const MAX_LINKS = 100_000;

export class LinksError extends Error {}

/** The address of each link: the survey's route on `baseUrl`, with the token. */
export const linkAddress = (baseUrl: string, route: string, token: string): string => `${baseUrl.replace(/\/+$/, "")}${route}?${LINK_PARAMETER}=${token}`;

export async function createLinks(client: pg.Client, config: SurveyConfig, count: number, baseUrl: string, outFile: string): Promise<string[]> {
  if (oncePolicy(config) !== "link") throw new LinksError(`a pesquisa "${config.id}" não usa links pessoais: ponha "oncePer": "link" no arquivo dela, rode npm run codegen e aplique as migrações`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_LINKS) throw new LinksError(`--count deve ser um número inteiro de 1 a ${MAX_LINKS} (recebido: ${count})`);
  const { rows } = await client.query<{ token: string }>(`select ${MINT_LINKS_FUNCTION}($1, $2) as token`, [config.table, count]);
  const links = rows.map((row) => linkAddress(baseUrl, config.route, row.token));
  writeFileSync(outFile, `link\n${links.join("\n")}\n`);
  return links;
}
