/**
 * What a database must hold for the survey files, derived by the same
 * functions that write the migrations (column specs, constraint names and
 * their fingerprints, policy and trigger names, the API guard's settings),
 * so that `npm run db:check` can never disagree with what a migration
 * creates.
 */
import { VERSION_GUARD_FUNCTION, VERSION_GUARD_TRIGGER } from "./definition-versions-sql.ts";
import { VISIT_TALLY_TRIGGERS } from "./report-visit-upkeep-sql.ts";
import { TALLY_TRIGGERS } from "./tallies-sql.ts";
import { basename } from "node:path";
import type { ParsedSurvey } from "../lib/cross-survey-checks.ts";
import { PRE_REQUEST_FUNCTION, ONE_RESPONSE_FUNCTION, SERVER_TIME_FUNCTION, STATEMENT_TIMEOUTS } from "./api-guard-sql.ts";
import type { Campaign } from "../../src/core/campaign.ts";
import { CAMPAIGN_GATE_FUNCTION, CAMPAIGN_RELEASE_FUNCTION, CAMPAIGN_RESET_FUNCTION, CAMPAIGN_TRIGGERS } from "./campaign-sql.ts";
import { consentVersions } from "./consent-versions.ts";
import { columnSpecs } from "./column-specs.ts";
import type { DbState } from "./migration-state.ts";
import { managedComment } from "./sql-text.ts";
import { HONEYPOT } from "../../src/core/honeypot.ts";
import { baseChecks, COMPATIBLE_TYPES, constraintName, insertPolicyName, TRIGGERS } from "./survey-table-sql.ts";
import { VISIT_EVENT_COLUMNS, VISIT_EVENTS_INSERT_POLICY, visitEventChecks, visitEventSurveyIds, VISITS_VIEW } from "./visit-events.ts";
import { VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import { featureObjects } from "./feature-objects.ts";
import { usesPartialResponses } from "../../src/core/partial-response.ts";

export interface ExpectedTable {
  table: string;
  source: string;
  columns: { column: string; type: string; accepted: string[] }[];
  constraints: { name: string; comment: string; check: string }[];
  insertPolicy: string;
  /** Whether the public key inserts into the table itself; a survey with partial responses saves through its functions instead. */
  publicInsert: boolean;
  triggers: string[];
  /** A survey table's window and limit (none for visit_events). */
  campaign?: Campaign;
}

export interface ExpectedDatabase {
  tables: ExpectedTable[];
  /** Views the public key must not read. */
  closedViews: string[];
  functions: string[];
  /** `alter role … set` values, by role. */
  roleSettings: Record<string, Record<string, string>>;
}

export function expectedDatabase(surveys: ParsedSurvey[], state: DbState): ExpectedDatabase {
  const tables = surveys.map((survey): ExpectedTable => {
    const { file, config } = survey;
    const specs = columnSpecs(config, state.tables.get(config.table)?.specs, consentVersions(survey));
    const features = featureObjects(config);
    return {
      table: config.table,
      source: `surveys/${basename(file)}`,
      columns: [
        { column: "id", type: "uuid", accepted: COMPATIBLE_TYPES.uuid },
        { column: "created_at", type: "timestamptz", accepted: COMPATIBLE_TYPES.timestamptz },
        { column: HONEYPOT, type: "text", accepted: COMPATIBLE_TYPES.text },
        ...specs.map(({ column, type }) => ({ column, type, accepted: COMPATIBLE_TYPES[type] })),
        ...features.columns,
      ],
      constraints: [...[...baseChecks(), ...specs].map((spec) => ({ name: constraintName(config.table, spec.column), comment: managedComment(spec.check), check: spec.check })), ...features.constraints],
      insertPolicy: insertPolicyName(config.table),
      publicInsert: !usesPartialResponses(config),
      triggers: [TRIGGERS.oneResponse, TRIGGERS.serverTime, CAMPAIGN_TRIGGERS.gate, CAMPAIGN_TRIGGERS.release, CAMPAIGN_TRIGGERS.reset, ...Object.values(TALLY_TRIGGERS), VERSION_GUARD_TRIGGER, ...features.triggers],
      campaign: { opensAt: config.opensAt, closesAt: config.closesAt, maxResponses: config.maxResponses },
    };
  });
  const visitEvents: ExpectedTable = {
    table: VISIT_EVENTS_TABLE,
    source: "the survey files (visit events)",
    columns: VISIT_EVENT_COLUMNS.map(({ column, type }) => ({ column, type, accepted: [type] })),
    constraints: visitEventChecks(visitEventSurveyIds(surveys.map(({ config }) => config))).map(({ name, check }) => ({ name, comment: managedComment(check), check })),
    insertPolicy: VISIT_EVENTS_INSERT_POLICY,
    publicInsert: true,
    triggers: Object.values(VISIT_TALLY_TRIGGERS),
  };
  return {
    tables: [...tables, visitEvents],
    closedViews: [VISITS_VIEW],
    functions: [PRE_REQUEST_FUNCTION, ONE_RESPONSE_FUNCTION, SERVER_TIME_FUNCTION, CAMPAIGN_GATE_FUNCTION, CAMPAIGN_RELEASE_FUNCTION, CAMPAIGN_RESET_FUNCTION, VERSION_GUARD_FUNCTION, ...new Set(surveys.flatMap(({ config }) => featureObjects(config).functions))],
    roleSettings: {
      authenticator: { "pgrst.db_pre_request": PRE_REQUEST_FUNCTION },
      anon: { statement_timeout: STATEMENT_TIMEOUTS.anon },
      authenticated: { statement_timeout: STATEMENT_TIMEOUTS.authenticated },
    },
  };
}
