/**
 * Themes of free-text answers, in the report's schema: PostgreSQL's own
 * parser, Snowball stemmers and stop words, and unaccent; no text leaves
 * the database. A word is stemmed as written (lower case) in its answer's
 * language (the response's language column, else the survey's), then the
 * stem is folded (unaccent): the Spanish stemmer drops accents and the
 * Portuguese keeps them, so folding after stemming makes "médico" (pt) and
 * "médico" (es) one term, where folding first would leave the Portuguese
 * stemmer blind to "-ção". A word typed without accents gets back the
 * accent of the few suffixes the stemmers need it on ("revalidacion" stems
 * as "revalidación"). Stop words are the stemmer's, also when typed
 * without their accent (a short list of folded forms). A survey's
 * protected terms are kept whole: matched folded (any case, any accent),
 * a phrase of two or three words joined into one token before the parser
 * runs, never stemmed nor taken for a stop word ("Revalida" apart from
 * "revalidar"). Generic over tables and columns (names quoted with %I).
 */
import { fingerprint } from "./sql-text.ts";

/** Folded stop words: the stemmers' lists hold them with their accents, and phones often drop them; plus the wishes every answer to a dream begins with. */
export const FOLDED_STOP_WORDS = [
  "mas", "tambien", "esta", "estan", "estas", "asi", "ademas", "despues", "aqui", "alli", "ahi", "solo", "aun", "alla", "algun", "ningun", "segun", "tu", "mi", "si", "el", "ti", "que", "como", "cuando", "donde", "porque", "sera",
  "tambem", "voce", "voces", "nao", "ja", "sao", "ate", "entao", "porem", "so", "alem", "apos", "ai", "la", "la", "ha", "e", "esta", "estao", "sera", "tera", "pra", "pro", "vc",
  "quiero", "quisiera", "gustaria", "queria", "quero", "gostaria", "poder", "puedo", "posso", "hacer", "fazer", "tener", "ter", "tengo", "tenho", "ser", "etc", "ok", "bueno", "bom", "cosa", "cosas", "coisa", "coisas", "algo",
];

const LETTERS = "áéíóúâêôãõçñüàèìòùäëïö";

/** SQL that folds `x`: lower case, no accents (unaccent's rules); written out where it runs (a SQL function with a search_path is never inlined). */
const foldSql = (x: string) => `pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, ${x}))`;

/** SQL of a word typed without any accent, with the accent its stemmer needs on the suffixes it removes (`name`: the dictionary's name). */
const accentedSql = (word: string, name: string) => `case
    when ${name} = 'spanish_stem' then case when pg_catalog.right(${word}, 4) in ('cion', 'sion') then pg_catalog.left(${word}, -3) || 'ión'
      when pg_catalog.right(${word}, 5) = 'logia' then pg_catalog.left(${word}, -2) || 'ía' when pg_catalog.right(${word}, 6) = 'logias' then pg_catalog.left(${word}, -3) || 'ías' else ${word} end
    when ${name} = 'portuguese_stem' then case when pg_catalog.right(${word}, 3) = 'cao' then pg_catalog.left(${word}, -3) || 'ção' when pg_catalog.right(${word}, 4) = 'coes' then pg_catalog.left(${word}, -4) || 'ções'
      when pg_catalog.right(${word}, 3) = 'sao' then pg_catalog.left(${word}, -3) || 'são' when pg_catalog.right(${word}, 4) = 'soes' then pg_catalog.left(${word}, -4) || 'sões' else ${word} end
    else ${word} end`;

const STOP_SQL = `array[${[...new Set(FOLDED_STOP_WORDS)].map((word) => `'${word}'`).join(", ")}]::text[]`;

/**
 * SQL of the terms of one answer, in order: `body` its text in lower case
 * with its protected phrases joined (report.theme_body), `dictionary` a
 * regdictionary and `name` its name, `keys` the protected keys (text[]).
 * at orders the words (the parser's place of the token), term the folded stem (or the
 * protected key), word the word as written in lower case. Stop words and
 * one-letter words are left out.
 */
export const termsSql = (body: string, dictionary: string, name: string, keys: string) => `select w.at, case when w.kept then w.folded else ${foldSql("s.lexemes[1]")} end as term, w.word
  from (
    select p.o::int as at, p.token as word, f.folded, f.folded = any(${keys}) as kept
    from pg_catalog.ts_parse('default', ${body}) with ordinality p(tokid, token, o) cross join lateral (select ${foldSql("p.token")} as folded) f
    where p.tokid in (1, 2, 3, 9, 10, 11)
  ) w
  cross join lateral (select case when w.kept then array[w.folded] else pg_catalog.ts_lexize(${dictionary}, ${accentedSql("w.word", name)}) end as lexemes) s
  where w.kept or (cardinality(s.lexemes) > 0 and pg_catalog.length(w.folded) > 1 and not w.folded = any(${STOP_SQL})
    and (w.folded = w.word or cardinality(coalesce(pg_catalog.ts_lexize(${dictionary}, w.folded), array['']::text[])) > 0))`;

const extension = `-- unaccent is in "extensions" on Supabase (enable it there); locally it is created there too.
create schema if not exists extensions;
create extension if not exists unaccent with schema extensions;`;

/** A text as terms compare it: lower case, without accents (unaccent's rules). */
const fold = `create or replace function report.fold(body text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select ${foldSql("body")} $$;`;

/** An "other" text as the coding table groups it: folded, every run of spaces and punctuation one space. */
const foldAnswer = String.raw`create or replace function report.fold_answer(body text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select pg_catalog.btrim(pg_catalog.regexp_replace(report.fold(body), '[^[:alnum:]]+', ' ', 'g')) $$;`;

/** The folded key of a protected term: its words joined ("Medicina Interna" → medicinainterna), as the joined token the parser then reads. */
const protectedKey = String.raw`create or replace function report.theme_key(term text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select pg_catalog.regexp_replace(report.fold(pg_catalog.btrim(term)), '[\s-]+', '', 'g') $$;`;

/** A protected phrase as a regular expression that matches it in a lower-case text with or without accents. */
const protectedPattern = String.raw`create or replace function report.theme_pattern(term text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select '(^|[^[:alnum:]${LETTERS}])' || string_agg(case c when 'a' then '[aáàâãä]' when 'e' then '[eéèêë]' when 'i' then '[iíìîï]' when 'o' then '[oóòôõö]'
      when 'u' then '[uúùûü]' when 'c' then '[cç]' when 'n' then '[nñ]' when ' ' then '[\s-]+' else c end, '' order by o) || '(?=$|[^[:alnum:]${LETTERS}])'
  from pg_catalog.regexp_split_to_table(pg_catalog.regexp_replace(report.fold(pg_catalog.btrim(term)), '[\s-]+', ' ', 'g'), '') with ordinality s(c, o)
$$;`;

/**
 * The SQL of an answer's text in lower case with its protected phrases joined into one token each (one replace per phrase).
 * The accented capitals are lowered by name: lower() leaves them as they are under the C locale, and the stemmers know only the small letters.
 */
const protectedBody = String.raw`create or replace function report.theme_body(column_name text, protected jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  with recursive phrases as (
    select row_number() over () as i, p from jsonb_array_elements_text(coalesce(protected, '[]')) e(p) where pg_catalog.btrim(p) ~ '[\s-]'
  ), chain(i, body) as (
    select 0::bigint, format('pg_catalog.translate(pg_catalog.lower(r.%I), %L, %L)', column_name, '${LETTERS.toUpperCase()}', '${LETTERS}')
    union all
    select phrases.i, format('pg_catalog.regexp_replace(%s, %L, %L, ''g'')', chain.body, report.theme_pattern(phrases.p), '\1' || report.theme_key(phrases.p))
    from chain join phrases on phrases.i = chain.i + 1
  )
  select body from chain order by i desc limit 1
$$;`;

/**
 * The terms of one answer, in order: at is the word's place among all its
 * words, term the folded stem (or the protected key), word the word as
 * written in lower case. Stop words and one-letter words are left out.
 */
const terms = `create or replace function report.theme_terms(body text, dictionary text, protected text[])
returns table(at int, term text, word text)
language sql
stable
parallel safe
set search_path = ''
as $$
  ${termsSql("body", "dictionary::regdictionary", "dictionary", "protected")}
$$;`;

/** The SQL of a row's dictionary: its response's language's, else the survey's. */
const dictionaryOf = `create or replace function report.theme_dictionary(survey jsonb, themes jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when survey ->> 'languageColumn' is null then format('%L::text', themes ->> 'dictionary')
    else format('coalesce(%L::jsonb ->> r.%I, %L)', coalesce(themes -> 'dictionaries', '{}'), survey ->> 'languageColumn', themes ->> 'dictionary') end
$$;`;

/** The protected terms' keys, and each key's label (the file's own text). */
const protectedKeys = `create or replace function report.theme_keys(themes jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(report.theme_key(p), pg_catalog.btrim(p)), '{}') from jsonb_array_elements_text(coalesce(themes -> 'protected', '[]')) e(p)
$$;`;

/**
 * report.text_themes(survey, themes, field, top): survey is the report's
 * request (table, since, until, filters, languageColumn), themes the
 * survey's row (src/report/themes/themes-row.ts), field a text's id. The
 * answers with text, and the top terms and two-word phrases (two terms
 * next to each other once stop words are left out), each with how many
 * answers hold it and the form most often written.
 */
const themes = `create or replace function report.text_themes(survey jsonb, themes jsonb, field text, top int default 40)
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
  found jsonb;
begin
  execute format($q$
    with a as (select r.id, d.name, d.name::regdictionary as dict, %2$s as body from (%3$s) r cross join lateral (select %1$s as name) d where pg_catalog.btrim(r.%4$I) <> ''),
    t as (select a.id, x.at, x.term, x.word from a cross join lateral (${termsSql("a.body", "a.dict", "a.name", "$3")}) x),
    tt as (select id, term, min(word) as word from t group by id, term),
    p as (select id, term || ' ' || lead(term) over w as term, word || ' ' || lead(word) over w as word from t window w as (partition by id order by at)),
    pp as (select id, term, min(word) as word from p where term is not null group by id, term),
    terms as (select term, count(*) as n, mode() within group (order by word) as label from tt group by term),
    phrases as (select term, count(*) as n, mode() within group (order by word) as label from pp group by term)
    select jsonb_build_object('answers', (select count(*) from a),
      'terms', (select coalesce(jsonb_agg(jsonb_build_object('term', term, 'label', coalesce($1 ->> term, label), 'answers', n, 'protected', $1 ? term) order by n desc, term), '[]')
        from (select * from terms order by n desc, term limit $2) x),
      'phrases', (select coalesce(jsonb_agg(jsonb_build_object('term', term, 'label', label, 'answers', n) order by n desc, term), '[]')
        from (select * from phrases where n > 1 order by n desc, term limit $2) x))$q$,
    report.theme_dictionary(survey, themes), report.theme_body(column_name, themes -> 'protected'), source, column_name) using labels, top, keys into found;
  return found;
end
$fn$;`;

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
 * said twice counts twice), answers of answers holding it.
 */
const contrast = `create or replace function report.text_contrast(survey jsonb, group_survey jsonb, themes jsonb, field text, top int default 20)
returns jsonb
language plpgsql
volatile
set search_path = ''
set jit = off
as $fn$
declare
  source text := report.rows_of(survey ->> 'table', (survey ->> 'since')::timestamptz, survey -> 'filters', (survey ->> 'until')::timestamptz);
  group_source text := report.rows_of(group_survey ->> 'table', (group_survey ->> 'since')::timestamptz, group_survey -> 'filters', (group_survey ->> 'until')::timestamptz);
  column_name text := themes -> 'texts' -> field ->> 'column';
  labels jsonb := report.theme_keys(themes);
  keys text[] := array(select jsonb_object_keys(report.theme_keys(themes)));
  found jsonb;
begin
  execute format($q$
    with a as (select r.id, d.name, d.name::regdictionary as dict, %2$s as body, r.id in (select g.id from (%3$s) g) as in_group from (%4$s) r cross join lateral (select %1$s as name) d where pg_catalog.btrim(r.%5$I) <> ''),
    t as (select a.id, a.in_group, x.term, x.word from a cross join lateral (${termsSql("a.body", "a.dict", "a.name", "$3")}) x),
    c as (select term, count(*) filter (where in_group) as yg, count(*) filter (where not in_group) as yr,
            count(distinct id) filter (where in_group) as ag, count(distinct id) filter (where not in_group) as ar,
            mode() within group (order by word) as label from t group by term),
    n as (select sum(yg)::float8 as ng, sum(yr)::float8 as nr, (sum(yg) + sum(yr))::float8 as a0 from c),
    z as (select c.*, (ln((yg + alpha) / nullif(ng + a0 - yg - alpha, 0)) - ln((yr + alpha) / nullif(nr + a0 - yr - alpha, 0))) / sqrt(1 / (yg + alpha) + 1 / (yr + alpha)) as z
          from c cross join n cross join lateral (select (c.yg + c.yr)::float8 as alpha) p)
    select jsonb_build_object('groupAnswers', (select count(*) filter (where in_group) from a), 'restAnswers', (select count(*) filter (where not in_group) from a),
      'groupTerms', (select coalesce(ng, 0) from n), 'restTerms', (select coalesce(nr, 0) from n),
      'terms', (select coalesce(jsonb_agg(jsonb_build_object('term', term, 'label', coalesce($1 ->> term, label), 'group', yg, 'rest', yr, 'groupAnswers', ag, 'restAnswers', ar, 'z', z) order by z desc, term), '[]')
        from (select * from z where ag > 0 and z is not null order by z desc, term limit $2) x))$q$,
    report.theme_dictionary(survey, themes), report.theme_body(column_name, themes -> 'protected'), group_source, source, column_name) using labels, top, keys into found;
  return found;
end
$fn$;`;

const grants = `revoke all on function report.fold(text), report.fold_answer(text), report.theme_key(text), report.theme_pattern(text),
  report.theme_body(text, jsonb), report.theme_terms(text, text, text[]), report.theme_dictionary(jsonb, jsonb), report.theme_keys(jsonb),
  report.text_themes(jsonb, jsonb, text, int), report.text_term_answers(jsonb, jsonb, text, text, timestamptz, uuid, int), report.text_contrast(jsonb, jsonb, jsonb, text, int) from public, anon, authenticated;
grant execute on all functions in schema report to service_role;`;

export function themesSql(): string[] {
  return [extension, fold, foldAnswer, protectedKey, protectedPattern, protectedBody, terms, dictionaryOf, protectedKeys, themes, termAnswers, contrast, grants];
}

export const themesFingerprintOf = (statements: string[]): string => fingerprint(statements.join("\n"));
