/**
 * Names a question's column can never take: PostgreSQL's reserved key words
 * (generated SQL writes names unquoted) and the columns every survey table
 * has before the answers. Shared by validate and by the editor, which makes
 * new ids from titles and must not make one of these.
 */
import { DEFINITION_VERSION, VISIT_ID } from "./fields.ts";
import { DEFINITION_COMMIT_COLUMN } from "./definition-version.ts";
import { HONEYPOT } from "./honeypot.ts";
import { BOT_CHECK, ONCE_KEY } from "./once.ts";
import { RECEIPT_COLUMN } from "./receipt.ts";

/** PostgreSQL's reserved key words (appendix C, "reserved" and "reserved, can be function or type"). */
export const POSTGRES_RESERVED_WORDS: ReadonlySet<string> = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate
  collation column concurrently constraint create cross current_catalog current_date current_role
  current_schema current_time current_timestamp current_user default deferrable desc distinct do else end
  except false fetch for foreign freeze from full grant group having ilike in initially inner intersect into
  is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on
  only or order outer overlaps placing primary references returning right select session_user similar some
  symmetric system_user table tablesample then to trailing true union unique user using variadic verbose
  when where window with`.split(/\s+/),
);

/** Columns every table gets before the answers. */
export const RESERVED_COLUMNS = ["id", "created_at", HONEYPOT, VISIT_ID.column, DEFINITION_VERSION.column, DEFINITION_COMMIT_COLUMN, ONCE_KEY, BOT_CHECK, RECEIPT_COLUMN] as const;

export const isReservedColumn = (column: string) => POSTGRES_RESERVED_WORDS.has(column) || (RESERVED_COLUMNS as readonly string[]).includes(column);
