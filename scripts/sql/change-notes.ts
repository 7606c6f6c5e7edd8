/**
 * The plain comment lines a migration opens with: the survey changes it
 * carries, in the words of the survey file (question ids, option values,
 * campaign keys), so a reviewer reads what changed before any SQL.
 */
import type { Campaign } from "../../src/core/campaign.ts";
import { conditionKey, type ComparisonTest } from "../../src/core/conditions.ts";
import { answerFields, type AnswerField } from "../../src/core/fields.ts";
import type { Condition, SurveyConfig } from "../../src/generated/survey-config.ts";
import type { ColumnSpec } from "./column-specs.ts";
import { sqlLiteral } from "./sql-text.ts";

const OPERATORS: Record<Exclude<ComparisonTest, "oneOf" | "is" | "topChoice">, string> = {
  equals: "=", notEquals: "<>", includes: "includes", excludes: "excludes", lessThan: "<", atMost: "<=", greaterThan: ">", atLeast: ">=", before: "<", after: ">",
};

const shown = (value: string | number) => (typeof value === "number" ? String(value) : sqlLiteral(value));

/** `empreender = 'Sí, un poco'`, `(a and b)`, `not (…)`. */
export function describeCondition(condition: Condition): string {
  if (condition.all) return `(${condition.all.map(describeCondition).join(" and ")})`;
  if (condition.any) return `(${condition.any.map(describeCondition).join(" or ")})`;
  if (condition.not) return `not ${describeCondition(condition.not)}`;
  if (condition.arm !== undefined) return `arm = ${shown(condition.arm)}`;
  const test = conditionKey(condition) as ComparisonTest;
  // One row of an answer per row (a matrix): `intereses[podcasts]`.
  const subject = condition.row === undefined ? condition.question : `${condition.question}[${condition.row}]`;
  if (test === "oneOf") return `${subject} in (${condition.oneOf!.map(shown).join(", ")})`;
  if (test === "is") return `${subject} is ${condition.is}`;
  if (test === "topChoice") return `${subject}[1] = ${shown(condition.topChoice!)}`;
  return `${subject} ${OPERATORS[test]} ${shown(condition[test]!)}`;
}

/** `text, optional, asked when …`: what a column stores and when. */
function columnSummary(spec: ColumnSpec, field: AnswerField | undefined): string {
  const required = spec.required ? "required" : field?.condition && field.requiredWhenShown ? "required when asked" : "optional";
  const asked = field?.condition ? `, asked when ${describeCondition(field.condition)}` : "";
  return `${spec.type}, ${required}${asked}`;
}

const quotedList = (values: string[]) => values.map(sqlLiteral).join(", ");

export interface TableChanges {
  added: ColumnSpec[];
  /** Columns whose spec changed, with the spec before. */
  changed: { before: ColumnSpec; after: ColumnSpec }[];
  removed: string[];
  campaign?: { before: Campaign; after: Campaign };
}

const CAMPAIGN_KEYS = ["opensAt", "closesAt", "maxResponses"] as const;

export function changeNotes(table: string, config: SurveyConfig, changes: TableChanges): string[] {
  const fields = new Map(answerFields(config).map((field) => [field.column, field]));
  const notes = changes.added.map((spec) => `new column ${spec.column} (${columnSummary(spec, fields.get(spec.column))})`);
  for (const { before, after } of changes.changed) {
    const options = (after.values ?? []).filter((value) => !before.values?.includes(value));
    // Only the list of values differs: say which options are new; otherwise restate the rule.
    const onlyOptions = options.length > 0 && before.values !== undefined && before.check.replaceAll(quotedList(before.values), quotedList(after.values!)) === after.check;
    if (onlyOptions) notes.push(`${after.column} allows new option${options.length > 1 ? "s" : ""} ${quotedList(options)}`);
    else notes.push(`${after.column} has a new rule (${columnSummary(after, fields.get(after.column))}${options.length ? `; new options ${quotedList(options)}` : ""})`);
  }
  notes.push(...changes.removed.map((column) => `${column} is no longer asked (the column and its rows stay; its check is dropped)`));
  if (changes.campaign) {
    const { before, after } = changes.campaign;
    for (const key of CAMPAIGN_KEYS.filter((key) => before[key] !== after[key])) notes.push(`campaign ${key} ${before[key] ?? "none"} → ${after[key] ?? "none"}`);
  }
  return notes.map((note) => `-- ${table}: ${note}`);
}
