/**
 * The bot check's solver, off the main thread so that typing never waits
 * for it: altcha-lib finds the number whose SHA-256 with the salt is the
 * challenge. Served from the site itself (worker-src falls back to
 * script-src 'self' under the site's CSP).
 */
import { solveChallenge } from "altcha-lib/v1";
import type { AltchaChallenge } from "../core/bot-check.ts";

self.onmessage = async (event: MessageEvent<AltchaChallenge>) => {
  const { challenge, salt, algorithm, maxnumber } = event.data;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  self.postMessage(solution);
};
