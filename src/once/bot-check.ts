/**
 * The bot check in the page: a challenge from the database
 * (POST /rest/v1/rpc/altcha_challenge with the public key), solved in a
 * worker while the respondent answers. `payload()` is the solution, waited
 * for only when the respondent reached Enviar before the worker finished;
 * `renew()` starts over with a new challenge (after the database refused
 * one, e.g. expired). A failed fetch is retried at the next payload().
 */
import { altchaPayload, type AltchaChallenge } from "../core/bot-check.ts";

async function fetchChallenge(): Promise<AltchaChallenge> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (!url || !key) throw new Error("[survey] VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set at build time");
  const response = await fetch(`${url}/rest/v1/rpc/altcha_challenge`, {
    method: "POST",
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`[survey] the bot-check challenge could not be fetched (${response.status})`);
  return (await response.json()) as AltchaChallenge;
}

function solve(challenge: AltchaChallenge): Promise<string> {
  const started = Date.now();
  const worker = new Worker(new URL("./bot-check-worker.ts", import.meta.url), { type: "module" });
  return new Promise<string>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ number: number } | null>) => {
      if (event.data) resolve(altchaPayload(challenge, event.data.number, Date.now() - started));
      else reject(new Error("[survey] no number solves the bot-check challenge"));
    };
    worker.onerror = (error) => reject(new Error(`[survey] the bot-check worker failed: ${error.message}`));
    worker.postMessage(challenge);
  }).finally(() => worker.terminate());
}

export interface BotCheck {
  payload(): Promise<string>;
  renew(): void;
}

export function startBotCheck(): BotCheck {
  let solution: Promise<string> | undefined;
  const start = () => {
    solution = fetchChallenge().then(solve);
    // Kept for payload(); a failure here is retried there, never left unhandled.
    solution.catch((error: unknown) => console.warn(error));
  };
  start();
  return {
    payload: () => solution!.catch(() => (start(), solution!)),
    renew: start,
  };
}
