/**
 * A survey's row in team.surveys (team-sql.ts): the request the report makes
 * for it without filters (the same numbersRequest, in the report's time
 * zone), its stored columns in the CSV's order, which questions and columns
 * are personal, which single-choice questions may be filtered on, and
 * whether personal data needs a second factor. Written by a migration of
 * its own whenever any of it changes; the results functions read it, so a
 * caller never names a table or a column.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { columnOf, hiddenFields, kindOf, storedFields } from "../../src/core/fields.ts";
import { personalColumns, personalQuestionIds } from "../../src/core/personal.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { QUALITY_COLUMN, usesQuality } from "../../src/core/quality.ts";
import { reportZone } from "../../src/report/time-zone.ts";
import { axesRow } from "../../src/report/crosstab/axes.ts";
import { themesRow } from "../../src/report/themes/themes-row.ts";
import { fingerprint, sqlLiteral } from "./sql-text.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";

/** Questions with one stored value among options: what "one answer" filters on. */
const choiceColumns = (config: SurveyConfig): Record<string, string> =>
  Object.fromEntries(config.questions.filter((question) => toolsOf(question).report.numbers === "choice" && kindOf(question) === "text").map((question) => [question.id, columnOf(question)]));

/**
 * An index per hidden field in the list's order: a filter on a campaign
 * (utm_source=tiktok) pages by keyset along its own rows instead of walking
 * every newer row of the table for 50 of its own, and the numbers' scan
 * reads only its rows. Answers and the date range need none (the table's
 * (created_at desc, id) index serves the range; a choice's value is common
 * enough that the walk stops soon), and every index costs each insert.
 */
const filterIndexes = (config: SurveyConfig): string[] =>
  hiddenFields(config).map((field) => `create index if not exists ${config.table}_${field.column}_results_idx on public.${config.table} (${field.column}, created_at desc, id);`);

/** The survey file's minimumGroup, 5 when it leaves it out (survey.schema.json). */
export const minimumGroup = (config: SurveyConfig): number => config.minimumGroup ?? 5;

export function teamSurveySql(config: SurveyConfig): string[] {
  const json = (value: unknown) => `${sqlLiteral(JSON.stringify(value))}::jsonb`;
  const array = (values: string[]) => `array[${values.map(sqlLiteral).join(", ")}]::text[]`;
  // Only a survey with quality rules names where its flags are (the "flagged" filter of team.filter_request needs it); the others' row is as before.
  const request = { ...numbersRequest(config, { where: {} }, reportZone(config).sql), ...(usesQuality(config) && { qualityColumn: QUALITY_COLUMN }) };
  return [
    `-- What the results site may read of ${config.id}, and how.
insert into ${TEAM_SCHEMA}.surveys (survey_id, survey_table, request, columns, personal_ids, personal_columns, choices, needs_aal2, minimum_group, axes, themes)
values (${sqlLiteral(config.id)}, ${sqlLiteral(config.table)}, ${json(request)}, ${array(storedFields(config).map((field) => field.column))},
  ${array(personalQuestionIds(config))}, ${array(personalColumns(config))}, ${json(choiceColumns(config))}, ${config.personalDataNeedsTwoFactor === true}, ${minimumGroup(config)}, ${json(axesRow(config))}, ${json(themesRow(config))})
on conflict (survey_id) do update set survey_table = excluded.survey_table, request = excluded.request, columns = excluded.columns,
  personal_ids = excluded.personal_ids, personal_columns = excluded.personal_columns, choices = excluded.choices, needs_aal2 = excluded.needs_aal2, minimum_group = excluded.minimum_group, axes = excluded.axes, themes = excluded.themes;`,
    ...filterIndexes(config),
  ];
}

export const teamSurveyFingerprint = (config: SurveyConfig): string => fingerprint(teamSurveySql(config).join("\n"));
