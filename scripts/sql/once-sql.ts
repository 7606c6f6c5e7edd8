/**
 * One response per person and the bot check in the database
 * (src/core/once.ts), generated only for surveys that ask for them: a survey
 * without `oncePer` or `botCheck` gets no byte of this, and its migrations
 * are exactly what they were.
 *
 * Shared part (onceGuardSql), in `survey_private` like the API guard, where
 * PostgREST cannot reach it:
 * - one secret key (32 random bytes from pgcrypto) that never leaves the
 *   database: it signs personal links and bot-check challenges (HMAC-SHA-256);
 * - `mint_links`, for the operator's `npm run links` (never the public key);
 * - `once_gate`, a BEFORE INSERT trigger: under "browser" the public roles
 *   must send a browser key, under "link" a token whose signature the
 *   database recomputes (unknown and forged tokens are refused), under
 *   "field" the database writes the key itself, a digest of the answer
 *   without case and spaces. With partial responses it runs on every save
 *   too (the first step's insert comes before the answer is typed), and
 *   holds a lock on the key while it looks, so that of two responses
 *   finishing with one answer at once the second waits and is told why;
 * - `altcha_gate`, a BEFORE INSERT trigger that verifies an ALTCHA solution
 *   (SHA-256 via pgcrypto `digest`, the challenge's HMAC, its expiry) and
 *   records it as used, so a solution stores one response (a retry of that
 *   same response, same id, passes, and the primary key decides);
 * - `public.altcha_challenge()`, the one function the public key may call
 *   (POST /rest/v1/rpc/altcha_challenge): a new challenge.
 * Per table (onceTableSql): the key column and its unique index, the
 * triggers the survey asks for; the ones it no longer asks for are dropped.
 */
import { BOT_CHECK, ONCE_ERROR_CODES, ONCE_KEY, oncePolicy, usesOnceOrBotCheck } from "../../src/core/once.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { usesPartialResponses } from "../../src/core/partial-response.ts";
import { columnOf } from "../../src/core/fields.ts";
import { fingerprint, objectName, sqlLiteral } from "./sql-text.ts";
import { PUBLIC_ROLE } from "./public-role.ts";

export const ONCE_SECRET_TABLE = "survey_private.once_secret";
export const ALTCHA_USED_TABLE = "survey_private.altcha_used";
export const ONCE_GATE_FUNCTION = "survey_private.once_gate";
export const ALTCHA_GATE_FUNCTION = "survey_private.altcha_gate";
export const LINK_SIGNATURE_FUNCTION = "survey_private.link_signature";
export const MINT_LINKS_FUNCTION = "survey_private.mint_links";
export const ALTCHA_CHALLENGE_FUNCTION = "public.altcha_challenge";
export const ONCE_TRIGGERS = { once: "once_gate", botCheck: "bot_check" } as const;

/**
 * The challenge's range: the page tries half of it on average, about 25,000
 * SHA-256 in the background (seconds at most on a phone, while the
 * respondent reads and answers), and a script pays that for every response.
 */
export const ALTCHA_MAX_NUMBER = 50_000;
/** How long a challenge stays valid: long enough to answer a long survey at leisure. */
export const ALTCHA_VALID_SECONDS = 3 * 60 * 60;

const base64url = (bytes: string) => `rtrim(translate(encode(${bytes}, 'base64'), '+/', '-_'), '=')`;

export function onceGuardSql(): string[] {
  return [
    `-- pgcrypto is in "extensions" on Supabase (already there); locally it is created there too.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create schema if not exists survey_private;
-- The key that signs personal links and bot-check challenges. It never leaves the database.
create table if not exists ${ONCE_SECRET_TABLE} (
  singleton boolean primary key default true check (singleton),
  key bytea not null default extensions.gen_random_bytes(32)
);
insert into ${ONCE_SECRET_TABLE} default values on conflict do nothing;
-- Bot-check solutions already used, by their challenge, with the response that used it.
create table if not exists ${ALTCHA_USED_TABLE} (
  challenge text primary key,
  response_id uuid not null,
  expires_at timestamptz not null
);
revoke all on ${ONCE_SECRET_TABLE}, ${ALTCHA_USED_TABLE} from public, anon, authenticated;`,
    `create or replace function ${LINK_SIGNATURE_FUNCTION}(survey_table text, nonce text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select ${base64url(`extensions.hmac(convert_to('link|' || survey_table || '|' || nonce, 'UTF8'), (select key from ${ONCE_SECRET_TABLE}), 'sha256')`)}
$$;
-- Personal links for a survey table: <nonce>.<signature>, for npm run links (the operator, never the public key).
create or replace function ${MINT_LINKS_FUNCTION}(survey_table text, how_many integer)
returns setof text
language sql
volatile
security definer
set search_path = ''
as $$
  select nonce || '.' || ${LINK_SIGNATURE_FUNCTION}(survey_table, nonce)
    from (select ${base64url("extensions.gen_random_bytes(16)")} as nonce from generate_series(1, how_many)) as minted
$$;
create or replace function ${ONCE_GATE_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  policy text := tg_argv[0];
  answer text;
  taken boolean;
begin
  if policy = 'field' then
    -- The database writes the key: the answer without case and spaces, as a digest (no second copy of it).
    answer := lower(regexp_replace(to_jsonb(new) ->> tg_argv[1], '[[:space:]]', '', 'g'));
    new.${ONCE_KEY} := case when answer is null or answer = '' then null else encode(sha256(convert_to(answer, 'UTF8')), 'hex') end;
  elsif not ${PUBLIC_ROLE} then
    -- Imports by the service role need no key.
    return new;
  end if;
  if policy = 'browser' and (new.${ONCE_KEY} is null or new.${ONCE_KEY} !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    raise exception 'one response per browser: the response carries no browser key' using errcode = '${ONCE_ERROR_CODES.browserKeyMissing}';
  end if;
  if policy = 'link' and (new.${ONCE_KEY} is null or new.${ONCE_KEY} !~ '^[A-Za-z0-9_-]{22}[.][A-Za-z0-9_-]{43}$'
      or split_part(new.${ONCE_KEY}, '.', 2) <> ${LINK_SIGNATURE_FUNCTION}(tg_table_name, split_part(new.${ONCE_KEY}, '.', 1))) then
    raise exception 'one response per personal link: this link is not one the survey made' using errcode = '${ONCE_ERROR_CODES.linkInvalid}';
  end if;
  if new.${ONCE_KEY} is null then
    return new;
  end if;
  -- Said with its own code (the public key cannot read which key a unique violation met).
  -- A retry of the response that holds the key (same id) goes on: its primary key decides.
  -- Responses with the same key wait here for each other until the first commits, so the second
  -- finds it (the unique index would refuse it anyway, but without saying why).
  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || '|' || new.${ONCE_KEY}, 0));
  execute format('select exists (select from %I.%I where ${ONCE_KEY} = $1 and id <> $2)', tg_table_schema, tg_table_name) using new.${ONCE_KEY}, new.id into taken;
  if taken then
    raise exception 'one response per %: this % already answered', policy, policy using errcode = '${ONCE_ERROR_CODES.taken}';
  end if;
  return new;
end
$$;`,
    altchaSql(),
    `revoke all on function ${LINK_SIGNATURE_FUNCTION}(text, text), ${MINT_LINKS_FUNCTION}(text, integer), ${ONCE_GATE_FUNCTION}(), ${ALTCHA_GATE_FUNCTION}() from public, anon, authenticated;
revoke all on function ${ALTCHA_CHALLENGE_FUNCTION}() from public;
grant execute on function ${ALTCHA_CHALLENGE_FUNCTION}() to anon, authenticated;
notify pgrst, 'reload schema';`,
  ];
}

/** ALTCHA's challenge and its check, as altcha-lib makes and verifies them, with the database's key. */
function altchaSql(): string {
  const failed = (why: string) => `raise exception 'bot check failed: %', ${sqlLiteral(why)} using errcode = '${ONCE_ERROR_CODES.botCheckFailed}'`;
  return `create or replace function ${ALTCHA_CHALLENGE_FUNCTION}()
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  salt text := encode(extensions.gen_random_bytes(12), 'hex') || '?expires=' || (extract(epoch from now())::bigint + ${ALTCHA_VALID_SECONDS});
  secret_number bigint := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % ${ALTCHA_MAX_NUMBER + 1};
  challenge text := encode(extensions.digest(convert_to(salt || secret_number, 'UTF8'), 'sha256'), 'hex');
begin
  return json_build_object('algorithm', 'SHA-256', 'challenge', challenge, 'maxnumber', ${ALTCHA_MAX_NUMBER}, 'salt', salt,
    'signature', encode(extensions.hmac(convert_to(challenge, 'UTF8'), (select key from ${ONCE_SECRET_TABLE}), 'sha256'), 'hex'));
end
$$;
create or replace function ${ALTCHA_GATE_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  payload jsonb;
  expires bigint;
begin
  if not ${PUBLIC_ROLE} then
    new.${BOT_CHECK} := null;
    return new;
  end if;
  begin
    payload := convert_from(decode(new.${BOT_CHECK}, 'base64'), 'UTF8')::jsonb;
    expires := substring(payload ->> 'salt' from '[?&]expires=([0-9]{1,12})(&|$)')::bigint;
  exception when others then
    ${failed("the solution is not an ALTCHA payload")};
  end;
  if payload is null or jsonb_typeof(payload) <> 'object' or payload ->> 'algorithm' is distinct from 'SHA-256' or expires is null then
    ${failed("the solution is not an ALTCHA payload")};
  end if;
  if to_timestamp(expires) < now() then
    ${failed("the challenge expired")};
  end if;
  if coalesce(payload ->> 'number', '') !~ '^[0-9]{1,9}$'
      or encode(extensions.digest(convert_to((payload ->> 'salt') || (payload ->> 'number'), 'UTF8'), 'sha256'), 'hex') is distinct from payload ->> 'challenge'
      or encode(extensions.hmac(convert_to(payload ->> 'challenge', 'UTF8'), (select key from ${ONCE_SECRET_TABLE}), 'sha256'), 'hex') is distinct from payload ->> 'signature' then
    ${failed("the solution does not solve a challenge of this database")};
  end if;
  -- One response per solution; concurrent uses wait on the primary key and the second finds it taken.
  insert into ${ALTCHA_USED_TABLE} (challenge, response_id, expires_at) values (payload ->> 'challenge', new.id, to_timestamp(expires))
  on conflict (challenge) do nothing;
  if not found and not exists (select from ${ALTCHA_USED_TABLE} where challenge = payload ->> 'challenge' and response_id = new.id) then
    ${failed("the solution was used already")};
  end if;
  delete from ${ALTCHA_USED_TABLE} where expires_at < now() - interval '1 day';
  -- Checked and recorded: nothing of it is stored with the response.
  new.${BOT_CHECK} := null;
  return new;
end
$$;`;
}

/** Whether the shared part is needed: some survey asks for a policy or the bot check. */
export const needsOnceGuard = (configs: SurveyConfig[]): boolean => configs.some(usesOnceOrBotCheck);

export const onceGuardFingerprint = (): string => fingerprint(onceGuardSql().join("\n"));

/** A table's key column, index and triggers as the survey asks them; only the drops when it asks for none (any more). */
export function onceTableSql(config: SurveyConfig): string {
  const t = `public.${config.table}`;
  const policy = oncePolicy(config);
  const statements = [`drop trigger if exists ${ONCE_TRIGGERS.once} on ${t};`, `drop trigger if exists ${ONCE_TRIGGERS.botCheck} on ${t};`];
  if (policy !== "none") {
    const question = config.questions.find((candidate) => candidate.id === config.oncePerQuestion);
    const field = policy === "field" && question ? columnOf(question) : "";
    // A partial response's answer arrives with a later save (an update) than the one that inserted the row.
    const events = usesPartialResponses(config) ? "insert or update" : "insert";
    statements.push(`-- One response per ${policy}${field && ` (${field})`}: the key's unique index refuses a second one.
alter table ${t} add column if not exists ${ONCE_KEY} text;
create unique index if not exists ${objectName(config.table, ONCE_KEY)} on ${t} (${ONCE_KEY});
create trigger ${ONCE_TRIGGERS.once} before ${events} on ${t}
  for each row execute function ${ONCE_GATE_FUNCTION}(${sqlLiteral(policy)}, ${sqlLiteral(field)});`);
  }
  if (config.botCheck) {
    statements.push(`-- The bot check: a valid, unused solution in ${BOT_CHECK}, emptied once checked.
alter table ${t} add column if not exists ${BOT_CHECK} text;
create trigger ${ONCE_TRIGGERS.botCheck} before insert on ${t}
  for each row execute function ${ALTCHA_GATE_FUNCTION}();`);
  }
  return statements.join("\n");
}

/** The fingerprint a table's once SQL is recorded with; null when the survey asks for neither feature. */
export const onceTableFingerprint = (config: SurveyConfig): string | null => (usesOnceOrBotCheck(config) ? fingerprint(onceTableSql(config)) : null);
