/** A bot-check solution found as the page finds it (altcha-lib's solver), for tests that send responses themselves. */
import { solveChallenge } from "altcha-lib/v1";
import { altchaPayload, type AltchaChallenge } from "../../src/core/bot-check.ts";

export async function solveAltcha(challenge: Record<string, unknown>): Promise<string> {
  const issued = challenge as unknown as AltchaChallenge;
  const solution = await solveChallenge(issued.challenge, issued.salt, issued.algorithm, issued.maxnumber).promise;
  if (!solution) throw new Error(`[test] no number up to ${issued.maxnumber} solves the challenge ${issued.challenge}`);
  return altchaPayload(issued, solution.number, solution.took);
}
