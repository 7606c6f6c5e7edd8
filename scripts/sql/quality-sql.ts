/**
 * Quality flags in the database (src/core/quality.ts), generated only for
 * surveys with `quality`: a survey without it gets no byte of this, and its
 * migrations are exactly what they were.
 *
 * Per table: the `quality` column (text[], never NULL, CHECK-constrained to
 * the known flags) and a BEFORE trigger whose function, written for the
 * table's own columns, computes the flags from the row and overwrites
 * whatever the request carried there. Rules:
 * - too_fast: fewer seconds than minSecondsPerQuestion × answered questions,
 *   the time since the visit's first event (visit_events) or, with partial
 *   responses, since the row's first save if earlier: the database's clock,
 *   never the times per question the page sends;
 * - honeypot: the hidden box was filled; its text is dropped, so the
 *   table's `website is null` CHECK, which refuses such rows elsewhere,
 *   lets this one through flagged;
 * - same_answers: a matrix with ≥ SAME_ANSWERS_MIN_ROWS rows answered, all
 *   with the same column.
 * A partial-responses table is judged on every save (the row grows); any
 * other on insert only, so that a later update cannot change its time.
 */
import { toolsOf } from "../../src/question-types/registry.ts";
import { columnOf, VISIT_ID } from "../../src/core/fields.ts";
import { HONEYPOT } from "../../src/core/honeypot.ts";
import { usesPartialResponses } from "../../src/core/partial-response.ts";
import { QUALITY_COLUMN, QUALITY_FLAGS, SAME_ANSWERS_MIN_ROWS, usesQuality } from "../../src/core/quality.ts";
import { VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { fingerprint, objectName, sqlLiteral } from "./sql-text.ts";

export const QUALITY_TRIGGER = "quality_flags";
export const qualityFunctionName = (table: string): string => `survey_private.${objectName(table, "quality")}`;
export const qualityConstraintName = (table: string): string => objectName(table, `${QUALITY_COLUMN}_check`);

/** The CHECK on the column: known flags only (all of them, so that changing the rules never breaks old rows). */
export const QUALITY_CHECK = `${QUALITY_COLUMN} <@ array[${Object.values(QUALITY_FLAGS).map(sqlLiteral).join(", ")}]::text[]`;
/** Not the table generator's "codegen:" comment, which would make its convergence drop this constraint as one of its own. */
export const QUALITY_CHECK_COMMENT = `quality:${fingerprint(QUALITY_CHECK)}`;

/**
 * The seconds the response took, by the database's clock: since its visit's
 * first event, or, with partial responses, since the row was first saved if
 * that is earlier (a survey may record no visits). Never the times a request
 * sends: those are the page's word. NULL when it cannot tell.
 */
function secondsSql(config: SurveyConfig): string {
  const visit = `new.${VISIT_ID.column}`;
  const visitStart = `case when ${visit} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      (select min(e.created_at) from public.${VISIT_EVENTS_TABLE} e where e.survey_id = ${sqlLiteral(config.id)} and e.visit_id = ${visit}::uuid) end`;
  // least() skips NULLs: a row without a recorded visit is timed from its first save.
  const start = usesPartialResponses(config) ? `least(new.created_at, ${visitStart})` : visitStart;
  return `extract(epoch from now() - ${start})`;
}

function rulesSql(config: SurveyConfig): string[] {
  const rules = config.quality ?? {};
  const parts: string[] = [];
  if (rules.minSecondsPerQuestion !== undefined) {
    const answered = `num_nonnulls(${config.questions.map((question) => `new.${columnOf(question)}`).join(", ")})`;
    parts.push(`  -- Fewer than ${rules.minSecondsPerQuestion} s per answered question (or a time the database never saw start).
  answered := ${answered};
  seconds := ${secondsSql(config)};
  if answered > 0 and (seconds is null or seconds < answered * ${rules.minSecondsPerQuestion}) then
    flags := array_append(flags, ${sqlLiteral(QUALITY_FLAGS.tooFast)});
  end if;`);
  }
  if (rules.honeypot) {
    parts.push(`  -- The honeypot filled: stored flagged (its text dropped) instead of refused.
  if new.${HONEYPOT} is not null then
    flags := array_append(flags, ${sqlLiteral(QUALITY_FLAGS.honeypot)});
    new.${HONEYPOT} := null;
  end if;`);
  }
  const matrices = rules.sameMatrixAnswers ? config.questions.filter((question) => toolsOf(question).report.numbers === "matrix").map(columnOf) : [];
  if (matrices.length) {
    const same = matrices.map((column) => `(select count(*) >= ${SAME_ANSWERS_MIN_ROWS} and count(distinct m.value) = 1 from jsonb_each_text(new.${column}) m)`);
    parts.push(`  -- Every answered row of a matrix the same column.
  if ${same.join(" or ")} then
    flags := array_append(flags, ${sqlLiteral(QUALITY_FLAGS.sameAnswers)});
  end if;`);
  }
  return parts;
}

/** A table's column, constraint, function and trigger as its survey's rules ask; only the drops when it has none (any more). */
export function qualityTableSql(config: SurveyConfig): string {
  const t = `public.${config.table}`;
  const fn = qualityFunctionName(config.table);
  const drops = `drop trigger if exists ${QUALITY_TRIGGER} on ${t};`;
  if (!usesQuality(config)) return `${drops}\ndrop function if exists ${fn}();`;
  const constraint = qualityConstraintName(config.table);
  const events = usesPartialResponses(config) ? "insert or update" : "insert";
  return `-- Quality flags: computed here from the row, whatever the request sent in ${QUALITY_COLUMN}.
create schema if not exists survey_private;
alter table ${t} add column if not exists ${QUALITY_COLUMN} text[] not null default '{}';
alter table ${t} drop constraint if exists ${constraint};
alter table ${t} add constraint ${constraint} check (${QUALITY_CHECK});
comment on constraint ${constraint} on ${t} is '${QUALITY_CHECK_COMMENT}';
create or replace function ${fn}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  flags text[] := '{}';
  answered integer;
  seconds numeric;
begin
${rulesSql(config).join("\n")}
  new.${QUALITY_COLUMN} := flags;
  return new;
end
$$;
revoke all on function ${fn}() from public, anon, authenticated;
${drops}
create trigger ${QUALITY_TRIGGER} before ${events} on ${t}
  for each row execute function ${fn}();`;
}

/** The fingerprint a table's quality SQL is recorded with; null when the survey has no rules. */
export const qualityTableFingerprint = (config: SurveyConfig): string | null => (usesQuality(config) ? fingerprint(qualityTableSql(config)) : null);
