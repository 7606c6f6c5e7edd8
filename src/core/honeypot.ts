/**
 * The honeypot: a text box that people never see (it sits off-screen, hidden
 * from assistive technology and the Tab order) and form-filling bots fill in.
 * Its value travels only when filled, in the column of the same name, and
 * every survey table's CHECK requires that column to be NULL, so such a row
 * is refused by the database itself.
 */
import type { Answers } from "./answers.ts";

/** Input name and column; a name bots like to fill. Reserved: no question may use it. */
export const HONEYPOT = "website";

/** The answers with the honeypot's text added when something was typed into it. */
export function withHoneypot(answers: Answers, typed: string | undefined): Answers {
  const text = typed?.trim();
  return text ? { ...answers, [HONEYPOT]: text } : answers;
}
