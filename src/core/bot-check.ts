/**
 * The bot check's challenge and solution as ALTCHA (v1, SHA-256) writes
 * them: the database issues the challenge (public.altcha_challenge) and
 * verifies the solution (scripts/sql/once-sql.ts); the page finds the
 * number with altcha-lib in a worker and sends this payload in the
 * response's `altcha` column.
 */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The solution as ALTCHA sends it: its fields as JSON, in base64. */
export function altchaPayload(challenge: AltchaChallenge, number: number, tookMs = 0): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature, took: tookMs }));
}

/** When the challenge stops being accepted, from its salt's `expires` (seconds since the epoch); undefined when it has none. */
export function altchaExpiresAt(challenge: Pick<AltchaChallenge, "salt">): number | undefined {
  const match = /[?&]expires=(\d+)/.exec(challenge.salt);
  return match ? Number(match[1]) * 1000 : undefined;
}
