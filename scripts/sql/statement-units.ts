/**
 * The units of a whole set of idempotent statements (the report's, the
 * team's, the themes'), so that a change to it writes a migration of the
 * statements whose text changed rather than all of them again.
 *
 * The text is split at the semicolons outside strings, quoted names,
 * dollar quotes and comments. A unit is one statement, with the DROPs just
 * before it (a DROP recreated by what follows is never written alone). A
 * function is named by its signature, so its new text replaces its old one;
 * any other statement is named by its text. What depends on a function
 * written again is written with it: each grant naming it (a function made
 * again keeps its rights, a new one must lose PUBLIC's). Grants on all the
 * functions of a schema and SELECTs (the report's refill: counting
 * functions that changed count again) are written every time; since a
 * REVOKE on all the functions of a schema takes back every right granted on
 * one of them (the signed-in role's right to run the functions its
 * row-level security calls among them), each grant naming a function of
 * that schema is written after it too.
 */
import { fingerprint } from "./sql-text.ts";

export interface StatementUnit {
  /** "function <schema.name(args)>", or "text <fingerprint>": unique within its set. */
  key: string;
  sql: string;
  /** Written in every migration of its set. */
  always: boolean;
  /** A GRANT or REVOKE: written again with any function it names. */
  grant: boolean;
}

/** The statements of `sql`, each with the comment lines before it, without the semicolon's trailing blank. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let at = 0;
  const skipTo = (end: number) => (at = end < 0 ? sql.length : end);
  while (at < sql.length) {
    const c = sql[at]!;
    if (c === "-" && sql[at + 1] === "-") skipTo(sql.indexOf("\n", at));
    else if (c === "/" && sql[at + 1] === "*") skipTo(sql.indexOf("*/", at + 2) + 2);
    else if (c === "'" || c === '"') {
      // A doubled quote inside is read as two quoted runs back to back: the same split.
      const escapes = c === "'" && /[eE]$/.test(sql.slice(0, at)) && !/\w[eE]$/.test(sql.slice(Math.max(0, at - 2), at));
      let end = at + 1;
      while (end < sql.length && sql[end] !== c) end += escapes && sql[end] === "\\" ? 2 : 1;
      skipTo(end + 1);
    } else if (c === "$" && !/[\w$]/.test(sql[at - 1] ?? " ")) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(at));
      if (tag) skipTo(sql.indexOf(tag[0], at + tag[0].length) + tag[0].length);
      else at++;
    } else if (c === ";") {
      statements.push(sql.slice(start, at + 1).trim());
      start = ++at;
    } else at++;
  }
  const rest = sql.slice(start).trim();
  if (rest.replace(/--[^\n]*/g, "").trim()) statements.push(rest);
  return statements.filter(Boolean);
}

/** The statement without its leading comment lines, in single spaces (for its kind and name). */
export const headOf = (statement: string) => statement.replace(/^(\s*--[^\n]*\n)*/, "").replace(/\s+/g, " ").trim();

/** The units of a set's statements (each a string of one or more SQL statements), in order. */
export function statementUnits(statements: string[]): StatementUnit[] {
  const units: StatementUnit[] = [];
  const seen = new Set<string>();
  let drops = "";
  for (const statement of splitStatements(statements.join("\n\n"))) {
    const head = headOf(statement);
    if (/^drop /i.test(head)) {
      drops += `${statement}\n`;
      continue;
    }
    const sql = drops + statement;
    drops = "";
    const fn = /^create (?:or replace )?function ([\w."]+ ?\([^)]*\))/i.exec(head);
    const named = fn ? `function ${fn[1]!.replace(/ \(/, "(")}` : `text ${fingerprint(sql)}`;
    // A migration of the set's changes names each unit as the whole set does: twice the same name would be ambiguous.
    if (seen.has(named)) throw new Error(`statement-units: two statements of one set are both ${named.startsWith("text ") ? "the same text" : named}`);
    seen.add(named);
    const grant = /^(revoke|grant) /i.test(head);
    units.push({ key: named, sql, always: /^select /i.test(head) || (grant && / on all functions in schema /i.test(head)), grant });
  }
  if (drops) units.push({ key: `text ${fingerprint(drops)}`, sql: drops.trim(), always: false, grant: false });
  return units;
}

/** Each unit's fingerprint by its key: what a migration records having applied. */
export const unitFingerprints = (units: StatementUnit[]): Record<string, string> =>
  Object.fromEntries(units.filter((unit) => !unit.always).map((unit) => [unit.key, fingerprint(unit.sql)]));

/** A function unit's name (schema.name), as a grant names it. */
const functionName = (unit: StatementUnit) => /^function ([\w."]+)\(/.exec(unit.key)?.[1];

/** The units to write after `applied` (the fingerprints every earlier migration of the set applied): new, changed, always written, or a grant naming a function written or a function of a schema whose functions' rights are all revoked. */
export function changedUnits(units: StatementUnit[], applied: Map<string, string>): StatementUnit[] {
  const changed = new Set(units.filter((unit) => unit.always || applied.get(unit.key) !== fingerprint(unit.sql)));
  const written = [...changed].map(functionName).filter((name): name is string => name !== undefined);
  const names = (unit: StatementUnit) => written.some((name) => new RegExp(`(^|[^\\w.])${name.replace(/\./g, "\\.")}\\(`, "i").test(unit.sql));
  const revoked = [...changed].flatMap((unit) => /^revoke [\s\S]* on all functions in schema ([\w"]+) /i.exec(headOf(unit.sql))?.[1] ?? []);
  const inRevoked = (unit: StatementUnit) => revoked.some((schema) => new RegExp(`(^|[^\\w.])${schema}\\.[\\w"]+\\(`, "i").test(unit.sql));
  return units.filter((unit) => changed.has(unit) || (unit.grant && (names(unit) || inRevoked(unit))));
}
