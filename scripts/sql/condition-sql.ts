/**
 * A showIf condition as a PostgreSQL boolean expression over a row's columns,
 * for CHECK constraints such as `check ((not <condition>) or <answer given>)`
 * (a conditional required answer may be NULL exactly when its question is
 * not asked). It means what src/core/conditions.ts means, test for test:
 *
 * - Never NULL. A CHECK passes on NULL, so every test states what an empty
 *   column gives (the page's answer for an unanswered question, taken from
 *   conditionHolds itself so the two cannot disagree).
 * - A tested question that has a condition of its own counts as unanswered
 *   while that condition is false, as on the page; its condition is inlined,
 *   so the expression holds even for a row that was not written by the page.
 * - Text values are quoted literals; lists use `@>`; number answers (stored
 *   as text) are compared as numeric only when they read as a number, with
 *   the pattern the page uses. What "unanswered" and "compared with a number"
 *   are for a column is its question type's (its tools' `sql`).
 * - A test with `row` reads that row's answer (its type's conditionRows.sql,
 *   NULL while the row is unanswered) as a chosen option's text.
 * - topChoice reads a list's first element (NULL for an empty list).
 * - {"arm": "b"} reads the column arm (false while it is NULL).
 */
import { conditionHolds, conditionKey, type ComparisonTest } from "../../src/core/conditions.ts";
import { columnOf } from "../../src/core/fields.ts";
import { ARM_COLUMN } from "../../src/core/arms.ts";
import type { Condition, Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { orFalse } from "../../src/question-types/shared/sql.ts";
import { sqlLiteral as sqlText } from "./sql-text.ts";

const OPERATORS = { lessThan: "<", atMost: "<=", greaterThan: ">", atLeast: ">=", equals: "=" } as const;

/** The test on the column as stored (positive form; negations wrap it). */
function testOnColumn(condition: Condition, test: ComparisonTest, question: Question): string {
  const tools = toolsOf(question);
  const { sql } = tools;
  const rowOf = tools.conditionRows?.sql;
  if (condition.row !== undefined && !rowOf) throw new Error(`[sql] "${question.id}" has no rows for ${JSON.stringify(condition)}; run npm run validate`);
  const column = condition.row === undefined ? columnOf(question) : rowOf!(columnOf(question), condition.row);
  switch (test) {
    case "equals":
    case "notEquals": {
      const value = condition[test]!;
      const equal = typeof value === "number" ? sql.compare(column, "=", value) : orFalse(`${column} = ${sqlText(value)}`);
      return test === "equals" ? equal : `not ${equal}`;
    }
    case "oneOf":
      return orFalse(`${column} in (${condition.oneOf!.map(sqlText).join(", ")})`);
    case "includes":
    case "excludes": {
      const ticked = orFalse(`${column} @> array[${sqlText(condition[test]!)}]::text[]`);
      return test === "includes" ? ticked : `not ${ticked}`;
    }
    case "lessThan":
    case "atMost":
    case "greaterThan":
    case "atLeast":
      return sql.compare(column, OPERATORS[test], condition[test]!);
    case "before":
      return orFalse(`${column} < date ${sqlText(condition.before!)}`);
    case "after":
      return orFalse(`${column} > date ${sqlText(condition.after!)}`);
    case "topChoice":
      return orFalse(`(${column})[1] = ${sqlText(condition.topChoice!)}`);
    case "is":
      return condition.is === "empty" ? sql.isEmpty(column) : `not ${sql.isEmpty(column)}`;
  }
}

export function conditionSql(condition: Condition, config: SurveyConfig): string {
  const questions = new Map(config.questions.map((question) => [question.id, question]));
  const toSql = (part: Condition): string => {
    if (part.all) return `(${part.all.map(toSql).join(" and ")})`;
    if (part.any) return `(${part.any.map(toSql).join(" or ")})`;
    if (part.not) return `(not ${toSql(part.not)})`;
    // The respondent's arm (arms.ts), in its column; NULL (a row stored before the survey had arms) is in no arm.
    if (part.arm !== undefined) return `(${orFalse(`${ARM_COLUMN} = ${sqlText(part.arm)}`)})`;
    const question = questions.get(part.question ?? "");
    const test = conditionKey(part);
    if (!question || !test) throw new Error(`[sql] condition ${JSON.stringify(part)} is not valid for survey "${config.id}"; run npm run validate`);
    const onColumn = `(${testOnColumn(part, test as ComparisonTest, question)})`;
    if (!question.showIf) return onColumn;
    // While the tested question is not asked, the test reads it as unanswered.
    const asked = toSql(question.showIf);
    return conditionHolds(part, () => undefined) ? `((not ${asked}) or ${onColumn})` : `(${asked} and ${onColumn})`;
  };
  return toSql(condition);
}
