/**
 * The database columns a survey needs, derived from its stored fields (answers,
 * hidden fields, visit id): SQL
 * type and the one CHECK that holds everything the page would never send
 * (over-long texts, blank required answers, values that are not options,
 * lists that are not flat lists of options, an 'other' text without its
 * option, a slider off its range or step). The anon key is public, so the
 * database must refuse what the inputs cannot produce. A question with a
 * showIf is required exactly while its condition holds, and NULL while it
 * does not, as the page stores it (conditionSql, the same condition in SQL).
 * The checks of a question's own answer are its type's (its tools' column).
 * The ending reached, for a survey that lists endings, is the one its
 * answers lead to (ending-sql.ts). The language, for a survey that lists
 * several, is one of them (one it ever listed: old rows stay valid). The
 * consent version, for a survey with a consent step, is given and one the
 * survey ever had (consent-sql.ts lists them per language). The definition's
 * version has the form of one here; that it was published is the guard's
 * (definition-versions-sql.ts), which a new version never rewrites. A survey with
 * receipts has the hash of its code (receipt-sql.ts). A survey that shuffles
 * has the order shown (shownOrderColumnSpec); one with arms, the arm and who
 * chose it (arms-sql.ts).
 *
 * A spec is plain data that round-trips through the migration records, so
 * that migrations are planned by comparing specs. Option values only ever
 * accumulate: a value that an earlier version of the survey allowed stays
 * allowed, so old rows and label-only renames never break.
 */
import { companionOf, CONSENT, DEFINITION_VERSION, ENDING, LANGUAGE, storedFields, textLimitOf, type StoredField } from "../../src/core/fields.ts";
import { DEFINITION_COMMIT_COLUMN } from "../../src/core/definition-version.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { textColumn } from "../../src/question-types/shared/sql.ts";
import { conditionSql } from "./condition-sql.ts";
import { endingCheck } from "./ending-sql.ts";
import { sqlLiteral } from "./sql-text.ts";
import { partialColumnSpecs } from "./partial-columns.ts";
import { PARTIAL_COLUMNS, usesPartialResponses } from "../../src/core/partial-response.ts";
import { usesReceipts } from "../../src/core/receipt.ts";
import { receiptColumnSpec } from "./receipt-sql.ts";
import { SHOWN_ORDER_COLUMN, usesShuffle } from "../../src/core/shown-order.ts";
import { ARM_COLUMN } from "../../src/core/arms.ts";
import { armColumnSpecs } from "./arms-sql.ts";

export type SqlType = "text" | "text[]" | "integer" | "date" | "jsonb" | "boolean" | "timestamptz";

export interface ColumnSpec {
  column: string;
  type: SqlType;
  required: boolean;
  /** Stored option values ever allowed (radio, select, checkbox), in the order they first appeared. */
  values?: string[];
  /** SQL boolean expression of the column's CHECK constraint. */
  check: string;
  /** The column's default, given when it is added (only the partial-response columns have one). */
  default?: string;
}

export const SQL_TYPES = { text: "text", list: "text[]", integer: "integer", date: "date", map: "jsonb" } as const;

/** Values previously allowed come first, so that adding an option only appends. */
function accumulatedValues(previous: string[] | undefined, current: string[]): string[] {
  return [...new Set([...(previous ?? []), ...current])];
}

/** `showIf` of each conditional field as SQL, by field id (set per survey by columnSpecs). */
type Conditions = ReadonlyMap<string, string>;

/**
 * Presence of the answer: always for a required, unconditional field; for a
 * conditional one, required while its question is asked (if required) and
 * NULL while it is not.
 */
function presenceChecks(field: StoredField, present: string, conditions: Conditions, partial: boolean): string[] {
  // A partial response (finished = false) holds the answers given so far: nothing is required of it yet.
  const given = partial ? `${PARTIAL_COLUMNS.finished} is false or (${present})` : present;
  if (field.required) return [given];
  if (!field.question) return [];
  const asked = conditions.get(field.id);
  if (asked === undefined) return [];
  const hidden = [`${asked} or ${field.column} is null`];
  return field.requiredWhenShown ? [`not ${asked} or (${given})`, ...hidden] : hidden;
}

/** Column of each question's own answer, by question id (companions refer to it). */
type OwnColumns = ReadonlyMap<string, string>;

/**
 * A question's own answer: its type's checks, then presence. A companion text,
 * a hidden field or the visit id: a text not too long, given or not; a
 * companion revealed by one option is stored only together with it.
 */
function checksOf(field: StoredField, values: string[] | undefined, own: OwnColumns, conditions: Conditions, partial: boolean): string[] {
  const { question, column: c } = field;
  if (question && field.id === question.id) {
    const { checks, present } = toolsOf(question).column(question, c, values);
    return [...checks, ...presenceChecks(field, present, conditions, partial)];
  }
  const text = textColumn(c, undefined, textLimitOf(field));
  const checks = [...text.checks, ...presenceChecks(field, text.present, conditions, partial)];
  const revealedBy = question && companionOf(question)?.revealedBy;
  if (question && revealedBy !== undefined) checks.push(`${c} is null or ${own.get(question.id)} is not distinct from ${sqlLiteral(revealedBy)}`);
  return checks;
}

const optionValues = (field: StoredField, config: SurveyConfig, consentVersions: string[]): string[] | undefined =>
  field === LANGUAGE ? config.languages : field === CONSENT ? consentVersions : field.question && field.id === field.question.id ? toolsOf(field.question).optionValues(field.question) : undefined;

/** The language or the consent version: always given, and one of the values the survey ever had. */
const oneOfCheck = (column: string, values: string[]) => `${column} is not null and ${column} in (${values.map(sqlLiteral).join(", ")})`;

const conjunction = (checks: string[]) => (checks.length === 1 ? checks[0]! : checks.map((check) => `(${check})`).join(" and "));

/**
 * The columns of `config`'s table. `previous` are the specs the migrations
 * created so far (by column), whose option values stay allowed;
 * `consentVersions` the versions of its consent text now, one per language.
 */
export function columnSpecs(config: SurveyConfig, previous: ReadonlyMap<string, ColumnSpec> = new Map(), consentVersions: string[] = []): ColumnSpec[] {
  const fields = storedFields(config);
  const own = new Map(fields.flatMap((field) => (field.question && field.id === field.question.id ? [[field.question.id, field.column] as const] : [])));
  const conditions = new Map(fields.flatMap((field) => (field.question && field.condition ? [[field.id, `(${conditionSql(field.condition, config)})`] as const] : [])));
  const partial = usesPartialResponses(config);
  const answers = fields.map((field): ColumnSpec => {
    const current = optionValues(field, config, consentVersions);
    const values = current && accumulatedValues(previous.get(field.column)?.values, current);
    const checks = field === ENDING ? [endingCheck(config)] : field === LANGUAGE || field === CONSENT ? [oneOfCheck(field.column, values!)] : field === DEFINITION_VERSION ? [versionCheck] : checksOf(field, values, own, conditions, partial);
    return { column: field.column, type: SQL_TYPES[field.kind], required: field.required, ...(values && { values }), check: conjunction(checks) };
  });
  return [...answers, ...(partial ? partialColumnSpecs(config, previous) : []), ...(usesReceipts(config) ? [receiptColumnSpec()] : []), ...(usesShuffle(config) ? [shownOrderColumnSpec()] : []), ...armColumnSpecs(config, previous.get(ARM_COLUMN)?.values), commitColumnSpec()];
}

/** The definition's version: a hash's form, or null (rows stored before versions; new rows are the guard's, definition-versions-sql.ts). */
const versionCheck = `${DEFINITION_VERSION.column} is null or ${DEFINITION_VERSION.column} ~ '^[0-9a-f]{16}$'`;

/** The build's commit beside the definition's version: any commit, or null (a build that did not know it); never checked against a list. */
const commitColumnSpec = (): ColumnSpec => ({ column: DEFINITION_COMMIT_COLUMN, type: "text", required: false, check: `${DEFINITION_COMMIT_COLUMN} is null or ${DEFINITION_COMMIT_COLUMN} ~ '^[0-9a-f]{40}$'` });

/**
 * The order a respondent saw (src/core/shown-order.ts): a JSON object with
 * lists of texts only. Null for rows stored before the survey shuffled (and
 * allowed so, since a column added to a live table cannot be required of them).
 */
export const shownOrderColumnSpec = (): ColumnSpec => {
  const c = SHOWN_ORDER_COLUMN;
  const lists = (key: string) => `jsonb_typeof(${c} -> '${key}') is null or (jsonb_typeof(${c} -> '${key}') = 'array' and not jsonb_path_exists(${c} -> '${key}', 'strict $[*] ? (@.type() != "string")'))`;
  const options = `jsonb_typeof(${c} -> 'options') is null or (jsonb_typeof(${c} -> 'options') = 'object' and not jsonb_path_exists(${c} -> 'options', 'strict $.* ? (@.type() != "array")') and not jsonb_path_exists(${c} -> 'options', 'strict $.*[*] ? (@.type() != "string")'))`;
  const check = `${c} is null or (jsonb_typeof(${c}) = 'object' and (${lists("questions")}) and (${options}) and pg_column_size(${c}) < 65536)`;
  return { column: c, type: "jsonb", required: false, check };
};
