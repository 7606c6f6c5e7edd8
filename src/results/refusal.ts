/**
 * A results function's failure as PostgREST answers it (its JSON's code,
 * details and message), kept whole so that the page can say it in the
 * team's words (refusal-text.ts); the message stays the database's own.
 */
export interface DatabaseAnswer {
  code?: string | null;
  details?: string | null;
  message?: string | null;
}

export class DatabaseRefusal extends Error {
  readonly code: string | null;
  readonly details: string | null;
  constructor(answer: DatabaseAnswer, fallback: string) {
    super(answer.message || fallback);
    this.name = "DatabaseRefusal";
    this.code = answer.code ?? null;
    this.details = answer.details ?? null;
  }
}
