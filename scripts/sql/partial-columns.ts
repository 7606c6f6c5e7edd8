/**
 * The columns of a survey with partial responses (src/core/partial-response.ts)
 * as column specs, so that adding them to a live table, recording them and
 * checking them with db:check go the way every other column goes.
 *
 * `finished` defaults to true: rows stored before partial responses were
 * turned on, and rows the service role imports, are finished responses.
 * The last step reached is a question id the survey ever had (accumulated,
 * like option values); the secret is only ever stored as its SHA-256.
 * The save number is the device's count of its saves of this response: the
 * save function never lets a lower one overwrite a higher one (saves sent
 * together as a tab closes may arrive in any order).
 */
import { PARTIAL_COLUMNS } from "../../src/core/partial-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { ColumnSpec } from "./column-specs.ts";
import { sqlLiteral } from "./sql-text.ts";

const { finished, lastStep, questionMs, secretHash, updatedAt, saveNumber } = PARTIAL_COLUMNS;

export function partialColumnSpecs(config: SurveyConfig, previous: ReadonlyMap<string, ColumnSpec>): ColumnSpec[] {
  const steps = [...new Set([...(previous.get(lastStep)?.values ?? []), ...config.questions.map((question) => question.id)])];
  return [
    { column: finished, type: "boolean", required: false, check: `${finished} is not null`, default: "true" },
    { column: lastStep, type: "text", required: false, values: steps, check: `${lastStep} is null or ${lastStep} in (${steps.map(sqlLiteral).join(", ")})` },
    { column: questionMs, type: "jsonb", required: false, check: `${questionMs} is null or jsonb_typeof(${questionMs}) = 'object'` },
    { column: secretHash, type: "text", required: false, check: `${secretHash} is null or ${secretHash} ~ '^[0-9a-f]{64}$'` },
    { column: updatedAt, type: "timestamptz", required: false, check: `${updatedAt} is null or ${updatedAt} >= created_at` },
    { column: saveNumber, type: "integer", required: false, check: `${saveNumber} is null or ${saveNumber} >= 0` },
  ];
}
