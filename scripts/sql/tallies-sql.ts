/**
 * A survey table's tallies (scripts/sql/report-sql.ts): the spec they are
 * made for (what report.survey_numbers compares with the report's request),
 * the statement triggers that keep them as rows are inserted, updated,
 * deleted or truncated, and one count of the rows already there. Generated
 * per survey, in a migration of its own written whenever that spec changes
 * (a question, its column or type, a hidden field, endings, languages); the
 * report scans the rows until it is applied.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { fingerprint, sqlLiteral } from "./sql-text.ts";

export const TALLY_TRIGGERS = { insert: "report_tallies_insert", update: "report_tallies_update", delete: "report_tallies_delete", truncate: "report_tallies_truncate" } as const;

/** The request a report without filters makes: report.tally_spec keeps what the tallies depend on. */
export const tallySpecRequest = (config: SurveyConfig) => numbersRequest(config, { where: {} }, "UTC");

export function talliesSql(config: SurveyConfig): string[] {
  const { table } = config;
  const t = `public.${table}`;
  const trigger = (name: string, event: string, referencing: string, fn = "report.rows_changed") => `drop trigger if exists ${name} on ${t};
create trigger ${name} after ${event} on ${t}${referencing} for each statement execute function ${fn}();`;
  return [
    `-- The spec the tallies are made for; a report asking with another one scans the rows.
insert into report.tallied (survey_table, spec) values (${sqlLiteral(table)}, report.tally_spec(${sqlLiteral(JSON.stringify(tallySpecRequest(config)))}::jsonb))
on conflict (survey_table) do update set spec = excluded.spec;`,
    `-- Statement triggers with transition tables: one run per statement, over the rows it changed (inserted rows wait in the inbox: tally-inbox-sql.ts).
${trigger(TALLY_TRIGGERS.insert, "insert", " referencing new table as new_rows", "report.rows_inserted")}
${trigger(TALLY_TRIGGERS.update, "update", " referencing old table as old_rows new table as new_rows")}
${trigger(TALLY_TRIGGERS.delete, "delete", " referencing old table as old_rows")}
${trigger(TALLY_TRIGGERS.truncate, "truncate", "")}`,
    `-- The rows already there, counted once.
select report.refill(${sqlLiteral(table)});`,
  ];
}

export const talliesFingerprint = (config: SurveyConfig): string => fingerprint(talliesSql(config).join("\n"));
