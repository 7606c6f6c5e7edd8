/**
 * The terms of free-text answers, in the report's schema: PostgreSQL's own
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
 *
 * Part of the report's SQL (report-sql.ts), not of the themes' readers
 * (themes-sql.ts): the tallies' writers count every answer's terms as they
 * count its other keys (report.theme_counts_sql below), so these functions
 * must exist before the report's migration counts the rows again.
 */
import { US } from "./report-keys-sql.ts";

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
create extension if not exists unaccent with schema extensions;
-- The report's functions fold texts as service_role (npm run report's coded cross-tab): Supabase grants it this schema, a plain server must too.
grant usage on schema extensions to service_role;`;

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

/** What leads a term's key among the tallies' keys: report.add_counts_sql keeps these in report.theme_tallies, split at the separators. */
export const THEME_KEY = `'~theme' || ${US}`;

/** Terms and words longer than this are not themes, and would not fit an index entry of report.theme_tallies. */
const LONGEST_TERM = 100;

/**
 * report.theme_counts_sql(survey, themes, source, field): the SQL of the
 * theme counts (key, n) of the rows \`source\` selects, for one text of the
 * survey's row \`themes\` (src/report/themes/themes-row.ts), or for all of
 * them when field is null. A key is ~theme, the text's id, a family, a term
 * and a word, joined by the unit separator; its count is of answers:
 * a (answers with text), t (answers holding the term), u (the term's uses:
 * a word said twice counts twice), w (answers whose first-sorted form of
 * the term is the word: the term's label is the most frequent), p and q
 * (the same as t and w for two-word phrases, two terms next to each other
 * once stop words are left out). The one computation of every theme
 * number: the tallies' writers count these (report.tally_writes_sql), a
 * filtered view counts them over its rows (report.theme_counts). Set-based
 * (each answer's terms grouped by answer, then by term): a subquery per
 * answer cost the fold of a burst's inbox 3.3 ms a response.
 */
const themeCountsSql = `create or replace function report.theme_counts_sql(survey jsonb, themes jsonb, source text, field text)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(string_agg(format($q$select %1$L || k.key as key, k.n from (
    with a as (select r.id, d.name, d.name::regdictionary as dict, %2$s as body from (%3$s) r cross join lateral (select %4$s as name) d where pg_catalog.btrim(r.%5$I) <> ''),
    t as (select a.id, w.at, w.term, w.word from a cross join lateral (${termsSql("a.body", "a.dict", "a.name", "%6$L::text[]")}) w
          where pg_catalog.length(w.term) <= ${LONGEST_TERM} and pg_catalog.length(w.word) <= ${LONGEST_TERM}),
    tt as (select id, term, min(word) as word, count(*) as uses from t group by id, term),
    pp as (select id, term, min(word) as word from (select id, term || ' ' || lead(term) over o as term, word || ' ' || lead(word) over o as word from t window o as (partition by id order by at)) p
           where term is not null group by id, term)
    select 'a' || ${US} as key, count(*) as n from a having count(*) > 0
    union all select 't' || ${US} || term, count(*) from tt group by term
    union all select 'u' || ${US} || term, sum(uses)::bigint from tt group by term
    union all select 'w' || ${US} || term || ${US} || word, count(*) from tt group by term, word
    union all select 'p' || ${US} || term, count(*) from pp group by term
    union all select 'q' || ${US} || term || ${US} || word, count(*) from pp group by term, word) k$q$,
    ${THEME_KEY} || e.key || ${US}, report.theme_body(e.value ->> 'column', themes -> 'protected'), source, report.theme_dictionary(survey, themes), e.value ->> 'column',
    array(select jsonb_object_keys(report.theme_keys(themes)))), ' union all '), 'select null::text as key, 0::bigint as n where false')
  from jsonb_each(coalesce(themes -> 'texts', '{}')) e where field is null or e.key = field
$$;`;

export function themeTermsSql(): string[] {
  return [extension, fold, foldAnswer, protectedKey, protectedPattern, protectedBody, terms, dictionaryOf, protectedKeys, themeCountsSql];
}
