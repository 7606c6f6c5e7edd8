/**
 * The results site's themes and "other" coding (POST /rest/v1/rpc/results_*),
 * built as the other results functions (SECURITY DEFINER, empty
 * search_path, team.access first, executable by authenticated only). A
 * text is named by its field's id in the survey's row (team.surveys.themes,
 * src/report/themes/themes-row.ts), never by a column. A personal question's
 * text is refused without the personal-data grant (42501), whoever asks.
 * The answers themselves are an analyst's (keyword in context, the "other"
 * texts and their coding); a viewer sees terms only, none held by fewer
 * answers than the survey's minimum group, and of a text answered by fewer
 * only that it is (team.withheld). The coding of "other" texts is a log:
 * each mapping of a folded text to an option or a new code is a row with
 * who and when, an undo marks the latest one undone, and the current code
 * of a text is its latest row not undone; every "other" answer counts once,
 * under its code or uncoded, so the coded total is the raw total.
 */
import { refuse } from "./refuse-sql.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

const tables = `-- What the themes read of a survey: its dictionaries, protected terms and free texts (src/report/themes/themes-row.ts).
alter table ${T}.surveys add column if not exists themes jsonb not null default '{}';

-- The coding of "other" texts, append-only but for the undo's two columns; the current code of a text is its latest row not undone.
create table if not exists ${T}.other_codes (
  id bigint generated always as identity primary key,
  survey_id text not null,
  field text not null,
  text_key text not null,
  code text check (code is null or (pg_catalog.btrim(code) <> '' and pg_catalog.length(code) <= 100)),
  coded_by text not null,
  coded_at timestamptz not null default now(),
  undone_by text,
  undone_at timestamptz
);
create index if not exists other_codes_current_idx on ${T}.other_codes (survey_id, field, text_key, id desc) where undone_at is null;
revoke all on ${T}.other_codes from public, anon, authenticated;`;

/** A text of the survey by its field id, refused when unknown, or personal without the grant. */
const textField = `create or replace function ${T}.text_field(a jsonb, field text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  t jsonb := a -> 'themes' -> 'texts' -> field;
begin
  if coalesce(jsonb_typeof(t), '') <> 'object' then
    ${refuse("unknownText", "format('results: %L is not a free text of this survey', field)")};
  end if;
  if (t ->> 'personal')::boolean and not (a ->> 'personal')::boolean then
    ${refuse("personalText", "'results: a personal question''s texts need the personal-data grant'")};
  end if;
  return t;
end
$fn$;`;

/** The request with the site's filters, for the report's functions. */
const requestOf = `create or replace function ${T}.request_of(a jsonb, filters jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$ select (a -> 'request') || ${T}.filter_request(a, filters) $$;`;

/** Top terms and phrases of a text (any member; a viewer's without those under the minimum group). */
const themes = `create or replace function public.results_themes(survey text, field text, filters jsonb default '{}', top int default 40)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'viewer');
  t jsonb := ${T}.text_field(a, field);
  m int := (a ->> 'minimum_group')::int;
  found jsonb := report.text_themes(${T}.request_of(a, filters), a -> 'themes', field, least(greatest(coalesce(top, 40), 1), 200));
  small jsonb := ${T}.withheld(a, (found ->> 'answers')::bigint);
begin
  if small is not null then
    return small || jsonb_build_object('field', field);
  end if;
  if a ->> 'role' = 'viewer' then
    found := found || jsonb_build_object('hidden', m,
      'terms', (select coalesce(jsonb_agg(e order by o), '[]') from jsonb_array_elements(found -> 'terms') with ordinality x(e, o) where (e ->> 'answers')::int >= m),
      'phrases', (select coalesce(jsonb_agg(e order by o), '[]') from jsonb_array_elements(found -> 'phrases') with ordinality x(e, o) where (e ->> 'answers')::int >= m));
  end if;
  return found || jsonb_build_object('field', field, 'question', t -> 'question', 'role', a -> 'role', 'personal', a -> 'personal');
end
$fn$;`;

/** The answers holding a term, newest first by keyset (analysts and owners: they are the texts themselves). */
const termAnswers = `create or replace function public.results_theme_answers(survey text, field text, term text, filters jsonb default '{}', after_at timestamptz default null, after_id uuid default null, page_size int default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'analyst');
  t jsonb := ${T}.text_field(a, field);
begin
  return report.text_term_answers(${T}.request_of(a, filters), a -> 'themes', field, term, after_at, after_id, least(greatest(coalesce(page_size, 20), 1), 200))
    || jsonb_build_object('field', field);
end
$fn$;`;

/**
 * The terms that distinguish a group (the filters and the group's filters
 * together) from the rest (the filters without them). A viewer sees neither
 * side of fewer answers than the minimum group, and only terms held by at
 * least that many answers on each side.
 */
const contrast = `create or replace function public.results_theme_contrast(survey text, field text, filters jsonb default '{}', group_filters jsonb default '{}', top int default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'viewer');
  t jsonb := ${T}.text_field(a, field);
  m int := (a ->> 'minimum_group')::int;
  f jsonb := coalesce(filters, '{}');
  g jsonb := coalesce(group_filters, '{}');
  together jsonb := f || g || case when f ? 'hidden' or g ? 'hidden' then jsonb_build_object('hidden', coalesce(f -> 'hidden', '{}') || coalesce(g -> 'hidden', '{}')) else '{}' end;
  found jsonb := report.text_contrast(${T}.request_of(a, f), ${T}.request_of(a, together), a -> 'themes', field, least(greatest(coalesce(top, 20), 1), 200));
  small jsonb := ${T}.withheld(a, least((found ->> 'groupAnswers')::bigint, (found ->> 'restAnswers')::bigint));
begin
  if small is not null then
    return small || jsonb_build_object('field', field);
  end if;
  if a ->> 'role' = 'viewer' then
    found := found || jsonb_build_object('hidden', m,
      'terms', (select coalesce(jsonb_agg(e order by o), '[]') from jsonb_array_elements(found -> 'terms') with ordinality x(e, o) where (e ->> 'groupAnswers')::int >= m and (e ->> 'restAnswers')::int >= m));
  end if;
  return found || jsonb_build_object('field', field, 'role', a -> 'role', 'personal', a -> 'personal');
end
$fn$;`;

/** An "other" text of a choice question, refused for any other text. */
const otherField = `create or replace function ${T}.other_field(a jsonb, field text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  t jsonb := ${T}.text_field(a, field);
begin
  if t ->> 'kind' not in ('one', 'many') then
    ${refuse("notOtherText", "format('results: %L is not the other text of a choice question', field)")};
  end if;
  return t;
end
$fn$;`;

/** The current code of each folded text of a field (its latest row not undone). */
const currentCodes = `create or replace function ${T}.current_codes(survey text, field text)
returns table(text_key text, code text, coded_by text, coded_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select distinct on (c.text_key) c.text_key, c.code, c.coded_by, c.coded_at
  from ${T}.other_codes c where c.survey_id = $1 and c.field = $2 and c.undone_at is null
  order by c.text_key, c.id desc
$$;`;

/** A cross-tab's axis as report.crosstab reads it: a coded axis (src/report/crosstab/axes.ts) with its text's current codes, as they are now. */
const codedAxis = `create or replace function ${T}.coded_axis(survey text, axis jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when axis ->> 'kind' = 'coded'
    then axis || jsonb_build_object('codes', (select coalesce(jsonb_object_agg(c.text_key, c.code), '{}') from ${T}.current_codes(survey, axis ->> 'field') c where c.code is not null))
    else axis end
$$;`;

/** The "other" texts of a field under the filters, an analyst's (report.other_texts, report-other-codes-sql.ts). */
const otherTexts = `create or replace function public.results_other_texts(survey text, field text, filters jsonb default '{}')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'analyst');
  t jsonb := ${T}.other_field(a, field);
begin
  return report.other_texts(survey, ${T}.request_of(a, filters), field, t);
end
$fn$;`;

/** Codes a folded text as an option of its question or a new code (null: uncoded again); who and when are kept. */
const codeOther = `create or replace function public.results_code_other(survey text, field text, text_key text, code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'analyst');
  t jsonb := ${T}.other_field(a, field);
  folded text := report.fold_answer(text_key);
  c text := nullif(pg_catalog.btrim(code), '');
begin
  if folded is null or folded = '' or (code is not null and (c is null or pg_catalog.length(c) > 100)) then
    ${refuse("badCode", "'results: a code is an option of the question or a new name of up to 100 characters, for a text'")};
  end if;
  insert into ${T}.other_codes (survey_id, field, text_key, code, coded_by)
  values (survey, field, folded, c, coalesce(lower(auth.jwt() ->> 'email'), current_user));
  return (select jsonb_build_object('key', folded, 'code', x.code, 'codedBy', x.coded_by, 'codedAt', x.coded_at) from ${T}.current_codes(survey, field) x where x.text_key = folded);
end
$fn$;`;

/** Undoes a text's latest coding (its earlier code, or none, is current again); who and when are kept on the undone row. */
const undoOther = `create or replace function public.results_undo_other(survey text, field text, text_key text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'analyst');
  t jsonb := ${T}.other_field(a, field);
  folded text := report.fold_answer(text_key);
  latest bigint;
begin
  select c.id into latest from ${T}.other_codes c where c.survey_id = results_undo_other.survey and c.field = results_undo_other.field and c.text_key = folded and c.undone_at is null order by c.id desc limit 1 for update;
  if latest is not null then
    update ${T}.other_codes u set undone_by = coalesce(lower(auth.jwt() ->> 'email'), current_user), undone_at = now() where u.id = latest;
  end if;
  return coalesce((select jsonb_build_object('key', folded, 'code', x.code, 'codedBy', x.coded_by, 'codedAt', x.coded_at) from ${T}.current_codes(survey, field) x where x.text_key = folded),
    jsonb_build_object('key', folded, 'code', null));
end
$fn$;`;

export const RESULTS_THEMES_FUNCTIONS = [
  "results_themes(text, text, jsonb, int)",
  "results_theme_answers(text, text, text, jsonb, timestamptz, uuid, int)",
  "results_theme_contrast(text, text, jsonb, jsonb, int)",
  "results_other_texts(text, text, jsonb)",
  "results_code_other(text, text, text, text)",
  "results_undo_other(text, text, text)",
];

const grants = [
  ...RESULTS_THEMES_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`),
  `revoke all on function ${T}.text_field(jsonb, text), ${T}.request_of(jsonb, jsonb), ${T}.other_field(jsonb, text), ${T}.current_codes(text, text), ${T}.coded_axis(text, jsonb) from public, anon, authenticated;`,
].join("\n");

export const resultsThemesTables = (): string[] => [tables];
export const resultsThemesFunctions = (): string[] => [textField, requestOf, themes, termAnswers, contrast, otherField, currentCodes, codedAxis, otherTexts, codeOther, undoOther, grants];
