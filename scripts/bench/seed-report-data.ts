/**
 * Synthetic results for the report's tests and benchmark, written as one SQL
 * script (generate_series, seeded random) so that 100,000 responses take
 * seconds, not an hour of HTTP inserts. Everything comes from the survey
 * file: option values, 'other' texts, slider ranges, hidden fields. Visits
 * reach a random number of questions; a share of them submit, and their
 * response carries the visit id; further responses have no visit (events
 * lost or sent before visits were recorded).
 */
import { columnOf, companionOf, DEFINITION_VERSION, hiddenFields } from "../../src/core/fields.ts";
import { definitionVersion } from "../lib/definition-version.ts";
import type { Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { pickSql as pick, sqlLiteral as literal, textArray as array } from "../../src/question-types/shared/sql.ts";

export interface SeedSize {
  visits: number;
  /** Responses without a visit, besides those of the visits that submitted. */
  extraResponses: number;
  seed: number;
}

export const SOURCES = ["instagram", "whatsapp", "tiktok", ""] as const;

/** The question's own answer as its type draws it, and its companion text: one revealed by an option is filled in afterwards (otherFixes). */
function questionColumns(question: Question): [string, string][] {
  const own: [string, string] = [columnOf(question), toolsOf(question).seedSql(question)];
  const companion = companionOf(question);
  if (!companion) return [own];
  return [own, [columnOf(companion.field), companion.revealedBy !== undefined ? "null" : `case when random() < 0.1 then 'Otra cosa ' || g.i end`]];
}

/** 'Other' texts only where the other option was chosen, as the page stores them. */
function otherFixes(config: SurveyConfig, table: string): string[] {
  return config.questions.flatMap((question) => {
    const companion = companionOf(question);
    if (companion?.revealedBy === undefined) return [];
    const column = columnOf(question);
    return [`update ${table} set ${columnOf(companion.field)} = 'Otro texto ' || left(id::text, 8) where ${column} = ${literal(companion.revealedBy)};`];
  });
}

export function seedReportSql(config: SurveyConfig, size: SeedSize): string {
  const table = `public.${config.table}`;
  const questions = config.questions;
  const hidden = hiddenFields(config);
  const answerColumns = questions.flatMap(questionColumns);
  const visitHidden = `jsonb_strip_nulls(jsonb_build_object(${hidden.map((field, index) => `${literal(field.id)}, nullif(${index === 0 ? pick([...SOURCES], "v.r1") : pick(["story", "post", ""], "v.r2")}, '')`).join(", ")}))`;
  return `
select setseed(${size.seed});
create temporary table seed_visits as
  select g.i, md5('visit' || g.i || '-' || ${size.seed})::uuid as visit_id,
         timestamptz '2026-11-01 08:00:00+00' + (g.i * interval '37 seconds') as started_at,
         random() as r1, random() as r2,
         -- How many questions the visit reached (1..${questions.length}); about 40 % reach them all and submit.
         case when random() < 0.4 then ${questions.length} else 1 + floor(random() * ${questions.length})::int end as reached
  from generate_series(1, ${size.visits}) as g(i);
alter table seed_visits add column submitted boolean;
update seed_visits set submitted = reached = ${questions.length} and r2 < 0.9;

insert into public.visit_events (visit_id, survey_id, step, question_id, hidden, created_at)
select v.visit_id, ${literal(config.id)}, e.step, e.question_id, ${visitHidden}, v.started_at + e.n * interval '20 seconds'
from seed_visits v
cross join lateral (
  select 0 as n, 'opened' as step, null::text as question_id
  union all select 1, 'first_answer', null where v.reached > 1
  union all select q.n, 'reached', (${array(questions.map((question) => question.id))})[q.n] from generate_series(1, v.reached) as q(n)
  union all select v.reached + 1, 'submitted', null where v.submitted
) as e;

insert into ${table} (id, created_at, visit_id, ${DEFINITION_VERSION.column}, ${hidden.map((field) => field.column).join(", ")}${hidden.length ? ", " : ""}${answerColumns.map(([column]) => column).join(", ")})
select gen_random_uuid(), created_at, visit_id, ${literal(definitionVersion(config))}, ${hidden.map((field) => `hidden ->> ${literal(field.id)}`).join(", ")}${hidden.length ? ", " : ""}${answerColumns.map(([, value]) => value).join(", ")}
from (
  select v.i, v.started_at + (v.reached + 1) * interval '20 seconds' as created_at, v.visit_id::text as visit_id, ${visitHidden} as hidden
  from seed_visits v where v.submitted
  union all
  select ${size.visits} + g.i, timestamptz '2026-11-01 08:00:00+00' + (g.i * interval '53 seconds'), null, jsonb_build_object(${hidden.length ? `${literal(hidden[0]!.id)}, 'newsletter'` : ""})
  from generate_series(1, ${size.extraResponses}) as g(i)
) as g;
${otherFixes(config, table).join("\n")}
drop table seed_visits;
`;
}
