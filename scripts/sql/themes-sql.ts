/**
 * Themes of free-text answers, read: the top terms and phrases of a text,
 * its answers holding a term (keyword in context), and the terms that
 * distinguish a group, from the theme counts of theme-terms-sql.ts. Without
 * filters they are read from the tallies (report.theme_tallies, kept with
 * the report's other tallies, plus the rows still in the inbox); with
 * filters, counted over the rows read with the same SQL.
 */
import { termsSql } from "./theme-terms-sql.ts";

/** No since, until nor filters: every row of the table. */
const UNFILTERED = "survey ->> 'since' is null and survey ->> 'until' is null and coalesce(survey -> 'filters', '{}') = '{}'";

/** Whether the theme counts of a request without filters can be read from the tallies: those of its table were made for this survey and these themes (report.tallied), as report.survey_numbers decides for its numbers. */
const themesTallied = `create or replace function report.themes_tallied(survey jsonb, themes jsonb)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(survey ->> 'path' is distinct from 'scan' and ${UNFILTERED}
    and (select t.spec = report.tally_spec(survey) and t.spec -> 'themes' = themes from report.tallied t where t.survey_table = survey ->> 'table'), false)
$$;`;

/**
 * report.theme_counts(survey, themes, field, source): the theme counts of
 * a text (family, term, word, n; families as report.theme_counts_sql names
 * them) over the rows report.rows_of chooses for the request \`survey\`, or
 * over \`source\` when given: from the tallies plus the inbox's rows when
 * report.themes_tallied says so, else counted over the rows (\`path\` =
 * 'scan' asks for that).
 */
const themeCounts = `create or replace function report.theme_counts(survey jsonb, themes jsonb, field text, source text default null)
returns table (family text, term text, word text, n bigint)
language plpgsql
stable
set search_path = ''
set jit = off
as $fn$
declare
  parts text := 'pg_catalog.split_part(p.key, chr(31), 3), pg_catalog.split_part(p.key, chr(31), 4), pg_catalog.split_part(p.key, chr(31), 5)';
begin
  if source is null and report.themes_tallied(survey, themes) then
    return query execute format($q$select c.family, c.term, c.word, sum(c.n)::bigint from (
        select t.family, t.term, t.word, t.n from report.theme_tallies t where t.survey_table = $1 and t.field = $2
        union all select %s, p.n from (%s) p) c(family, term, word, n)
      group by 1, 2, 3 having sum(c.n) <> 0$q$,
      parts, report.theme_counts_sql(survey, themes, format('select r.* from public.%1$I r join report.response_inbox i on i.survey_table = %1$L and i.row_id = r.id', survey ->> 'table'), field))
      using survey ->> 'table', field;
  else
    return query execute format('select %s, sum(p.n)::bigint from (%s) p group by 1, 2, 3',
      parts, report.theme_counts_sql(survey, themes, coalesce(source, report.rows_of(survey ->> 'table', (survey ->> 'since')::timestamptz, survey -> 'filters', (survey ->> 'until')::timestamptz)), field));
  end if;
end
$fn$;`;

/** The label of each term and phrase of a text's counts: the form most answers wrote, the first in order among as many. */
const labelsOf = (counts: string) => `select distinct on (family, term) family, term, word from ${counts} where family in ('w', 'q') order by family, term, n desc, word`;

/**
 * report.text_themes(survey, themes, field, top): survey is the report's
 * request (table, since, until, filters, languageColumn), themes the
 * survey's row (src/report/themes/themes-row.ts), field a text's id. The
 * answers with text, and the top terms and two-word phrases, each with how
 * many answers hold it and the form most often written.
 */
const themes = `create or replace function report.text_themes(survey jsonb, themes jsonb, field text, top int default 40)
returns jsonb
language sql
volatile
set search_path = ''
set jit = off
as $$
  with c as materialized (select * from report.theme_counts(survey, themes, field)),
  labels as (${labelsOf("c")}),
  kept as (select report.theme_keys(themes) as keys)
  select jsonb_build_object('answers', coalesce((select sum(n) from c where family = 'a'), 0),
    'terms', (select coalesce(jsonb_agg(jsonb_build_object('term', x.term, 'label', coalesce(k.keys ->> x.term, l.word), 'answers', x.n, 'protected', k.keys ? x.term) order by x.n desc, x.term), '[]')
      from (select term, n from c where family = 't' order by n desc, term limit top) x cross join kept k left join labels l on l.family = 'w' and l.term = x.term),
    'phrases', (select coalesce(jsonb_agg(jsonb_build_object('term', x.term, 'label', l.word, 'answers', x.n) order by x.n desc, x.term), '[]')
      from (select term, n from c where family = 'p' and n > 1 order by n desc, term limit top) x left join labels l on l.family = 'q' and l.term = x.term))
$$;`;

/**
 * report.text_term_answers(survey, themes, field, term, after_at, after_id,
 * size): the answers holding a term or a phrase (as text_themes names it),
 * newest first by keyset on (created_at desc, id) as the responses list
 * pages, each with the words of it that make the term, for the site to
 * mark in context. next is null on the last page.
 */
const termAnswers = `create or replace function report.text_term_answers(survey jsonb, themes jsonb, field text, term text, after_at timestamptz, after_id uuid, size int)
returns jsonb
language plpgsql
volatile
set search_path = ''
set jit = off
as $fn$
declare
  source text := report.rows_of(survey ->> 'table', (survey ->> 'since')::timestamptz, survey -> 'filters', (survey ->> 'until')::timestamptz);
  column_name text := themes -> 'texts' -> field ->> 'column';
  labels jsonb := report.theme_keys(themes);
  keys text[] := array(select jsonb_object_keys(report.theme_keys(themes)));
  rows jsonb;
begin
  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object('id', id, 'createdAt', created_at, 'text', answer, 'words', words) order by created_at desc, id), '[]')
    from (
      select r.id, r.created_at, r.%4$I as answer, m.words
      from (%3$s) r
      cross join lateral (select %1$s as name) d
      cross join lateral (
        select array_agg(distinct coalesce($1 ->> x.term, w)) as words
        from (select t.term, t.word, lead(t.term) over o as next_term, lead(t.word) over o as next_word
              from (${termsSql("%2$s", "d.name::regdictionary", "d.name", "$6")}) t window o as (order by t.at)) x
        cross join lateral unnest(case when x.term = $2 then array[x.word] when x.term || ' ' || x.next_term = $2 then array[x.word, x.next_word] else array[]::text[] end) w
      ) m
      where pg_catalog.btrim(r.%4$I) <> '' and m.words is not null and %5$s
      order by r.created_at desc, r.id
      limit $5
    ) found$q$,
    report.theme_dictionary(survey, themes), report.theme_body(column_name, themes -> 'protected'), source, column_name,
    case when after_at is null then 'true' else 'r.created_at <= $3 and (r.created_at < $3 or r.id > $4)' end)
    using labels, term, after_at, after_id, size, keys into rows;
  return jsonb_build_object('term', term, 'rows', rows,
    'next', case when jsonb_array_length(rows) = size then jsonb_build_object('at', rows -> (size - 1) -> 'createdAt', 'id', rows -> (size - 1) -> 'id') end);
end
$fn$;`;

/**
 * report.text_contrast(survey, group_survey, themes, field, top): the terms
 * that most distinguish a group (the rows group_survey reads, a subset of
 * survey's) from the rest of survey's rows, by the weighted log-odds ratio
 * with an informative Dirichlet prior (Monroe, Colaresi & Quinn 2008,
 * "Fightin' Words", eq. 22 and 24): each term's prior count is its count in
 * all the rows read (so the prior's total is every term counted), and
 * z = δ / sqrt(1/(y_g + α) + 1/(y_r + α)). Counts are of terms (a word
 * said twice counts twice), answers of answers holding it. All the rows'
 * counts come from the tallies when survey has no filters; the group's are
 * counted over its rows, and the rest is all but the group.
 */
const contrast = `create or replace function report.text_contrast(survey jsonb, group_survey jsonb, themes jsonb, field text, top int default 20)
returns jsonb
language plpgsql
volatile
set search_path = ''
set jit = off
as $fn$
declare
  group_rows text := report.rows_of(group_survey ->> 'table', (group_survey ->> 'since')::timestamptz, group_survey -> 'filters', (group_survey ->> 'until')::timestamptz);
  found jsonb;
begin
  -- The group within the rows read; every row is read without filters, so the group is already within them.
  if not (${UNFILTERED}) then
    group_rows := format('select g.* from (%s) g where g.id in (select s.id from (%s) s)', group_rows,
      report.rows_of(survey ->> 'table', (survey ->> 'since')::timestamptz, survey -> 'filters', (survey ->> 'until')::timestamptz));
  end if;
  with a as materialized (select * from report.theme_counts(survey, themes, field)),
  g as materialized (select * from report.theme_counts(survey, themes, field, group_rows)),
  c as (select u.term, coalesce(gu.n, 0) as yg, u.n - coalesce(gu.n, 0) as yr, coalesce(gt.n, 0) as ag, t.n - coalesce(gt.n, 0) as ar
        from a u join a t on t.family = 't' and t.term = u.term left join g gu on gu.family = 'u' and gu.term = u.term left join g gt on gt.family = 't' and gt.term = u.term
        where u.family = 'u'),
  n as (select sum(yg)::float8 as ng, sum(yr)::float8 as nr, (sum(yg) + sum(yr))::float8 as a0 from c),
  z as (select c.*, (ln((yg + alpha) / nullif(ng + a0 - yg - alpha, 0)) - ln((yr + alpha) / nullif(nr + a0 - yr - alpha, 0))) / sqrt(1 / (yg + alpha) + 1 / (yr + alpha)) as z
        from c cross join n cross join lateral (select (c.yg + c.yr)::float8 as alpha) p),
  top_terms as (select * from z where ag > 0 and z is not null order by z desc, term limit top),
  labels as (${labelsOf("a")}),
  answers as (select coalesce((select sum(n) from g where family = 'a'), 0) as ga, coalesce((select sum(n) from a where family = 'a'), 0) as aa)
  select jsonb_build_object('groupAnswers', answers.ga, 'restAnswers', answers.aa - answers.ga,
    'groupTerms', coalesce((select ng from n), 0), 'restTerms', coalesce((select nr from n), 0),
    'terms', (select coalesce(jsonb_agg(jsonb_build_object('term', x.term, 'label', coalesce(report.theme_keys(themes) ->> x.term, l.word), 'group', yg, 'rest', yr,
        'groupAnswers', ag, 'restAnswers', ar, 'z', z) order by z desc, x.term), '[]')
      from top_terms x left join labels l on l.family = 'w' and l.term = x.term))
  into found from answers;
  return found;
end
$fn$;`;

const grants = `revoke all on function report.fold(text), report.fold_answer(text), report.theme_key(text), report.theme_pattern(text),
  report.theme_body(text, jsonb), report.theme_terms(text, text, text[]), report.theme_dictionary(jsonb, jsonb), report.theme_keys(jsonb),
  report.themes_tallied(jsonb, jsonb), report.theme_counts(jsonb, jsonb, text, text), report.text_themes(jsonb, jsonb, text, int), report.text_term_answers(jsonb, jsonb, text, text, timestamptz, uuid, int), report.text_contrast(jsonb, jsonb, jsonb, text, int) from public, anon, authenticated;
grant execute on all functions in schema report to service_role;`;

export function themesSql(): string[] {
  return [themesTallied, themeCounts, themes, termAnswers, contrast, grants];
}

