/**
 * A sane email check, not an RFC 5322 parser: one @, no blanks, a domain of
 * dot-separated non-empty labels, at most 254 characters (the SMTP limit).
 * The database's CHECK (tools.ts) is the same pattern in POSIX classes, with
 * the domain already lower-cased.
 */
export const EMAIL_MAX = 254;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isEmail = (text: string): boolean => text.length <= EMAIL_MAX && EMAIL.test(text);

/** The address as stored: trimmed, the domain lower-cased (the local part is the mailbox's own business). */
export function storedEmail(text: string): string {
  const at = text.lastIndexOf("@");
  return at < 0 ? text : text.slice(0, at) + text.slice(at).toLowerCase();
}
