/**
 * The `ending` column's CHECK: the stored ending is the first whose condition
 * holds on the stored answers, as src/core/endings.ts chooses it on the page.
 * A CASE in the endings' order, the default last; conditionSql never yields
 * NULL and the CASE always has a value, so `is not distinct from` also
 * refuses a missing ending.
 */
import { ENDING } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { conditionSql } from "./condition-sql.ts";
import { sqlLiteral } from "./sql-text.ts";

export function endingCheck(config: SurveyConfig): string {
  const endings = config.endings ?? [];
  const conditional = endings.filter((ending) => ending.showIf);
  const fallback = endings.find((ending) => !ending.showIf) ?? endings.at(-1)!;
  const whens = conditional.map((ending) => `when ${conditionSql(ending.showIf!, config)} then ${sqlLiteral(ending.id)}`);
  return `${ENDING.column} is not distinct from (case ${[...whens, `else ${sqlLiteral(fallback.id)}`].join(" ")} end)`;
}
