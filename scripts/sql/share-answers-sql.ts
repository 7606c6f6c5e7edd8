/**
 * What a link's reads answer, by POST (share-links-sql.ts: each view computed
 * on its first read and kept) and by GET (share-cache-sql.ts: kept views
 * only) alike, so that the two doors cannot differ in what they let out: the
 * numbers' view shaped for the link (its questions only, texts only when it
 * allows them), a cross-tab asked only of two of its single or multiple
 * choices, and a kept cross-tab turned to the asked orientation.
 */
import { SHARE_REFUSALS, shareRefusalDetail, type ShareRefusal } from "../../src/core/share-refusals.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

export const refuseShare = (refusal: ShareRefusal, message: string): string =>
  `raise exception using errcode = '${SHARE_REFUSALS[refusal]}', message = ${message}, detail = '${shareRefusalDetail(refusal)}'`;

export const SHARE_ANSWER_FUNCTIONS = ["share_numbers_answer(jsonb, team.share_views)", "share_crosstab_asked(jsonb, text, text)", "share_crosstab_answer(jsonb, jsonb, text, text)"];

export const shareAnswersSql = `create or replace function ${T}.share_numbers_answer(a jsonb, v ${T}.share_views)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $fn$
declare
  allowed jsonb := a -> 'link' -> 'questions';
  about jsonb := jsonb_build_object('survey', a ->> 'survey_id', 'minimumGroup', (a ->> 'minimum_group')::int, 'filters', a -> 'link' -> 'filters',
    'questions', allowed, 'crosstabs', a -> 'link' -> 'crosstabs', 'updatedAt', v.made_at, 'expiresAt', a -> 'link' -> 'expiresAt');
begin
  if v.body ? 'belowMinimumGroup' then return v.body || about; end if;
  return about || jsonb_build_object('responses', v.body -> 'responses', 'numbers', (
    select coalesce(jsonb_object_agg(key, case when (a -> 'link' ->> 'freeTexts')::boolean then value else value - 'texts' end), '{}')
    from jsonb_each(v.body -> 'questions') where allowed ? key));
end
$fn$;

create or replace function ${T}.share_crosstab_asked(a jsonb, row_axis text, column_axis text)
returns text
language plpgsql
stable
set search_path = ''
as $fn$
declare
  allowed jsonb := a -> 'link' -> 'questions';
  kinds jsonb := (select jsonb_object_agg(e ->> 'id', e ->> 'kind') from jsonb_array_elements(${T}.share_questions(a)) e);
begin
  if not (a -> 'link' ->> 'crosstabs')::boolean then
    ${refuseShare("noCrosstabs", "'share: this link offers no cross-tabs'")};
  end if;
  if row_axis is null or column_axis is null or row_axis = column_axis or not (allowed ? row_axis) or not (allowed ? column_axis)
     or coalesce(kinds ->> row_axis, '') not in ('choice', 'multiple') or coalesce(kinds ->> column_axis, '') not in ('choice', 'multiple') then
    ${refuseShare("question", "'share: a cross-tab of a link takes two of its single or multiple choice questions'")};
  end if;
  -- The kept view's name (share_crosstab_view keeps p < q).
  return 'crosstab' || chr(31) || least(row_axis, column_axis) || chr(31) || greatest(row_axis, column_axis);
end
$fn$;

create or replace function ${T}.share_crosstab_answer(a jsonb, t jsonb, row_axis text, column_axis text)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $fn$
begin
  if row_axis > column_axis and t ? 'cells' then
    t := t || jsonb_build_object('cells', (select coalesce(jsonb_agg(jsonb_build_array(e -> 1, e -> 0, e -> 2) order by e ->> 1, e ->> 0), '[]') from jsonb_array_elements(t -> 'cells') e));
  end if;
  return t || jsonb_build_object('rowAxis', row_axis, 'columnAxis', column_axis, 'minimumGroup', (a ->> 'minimum_group')::int);
end
$fn$;`;
