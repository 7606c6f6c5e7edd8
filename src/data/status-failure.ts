import type { SubmitFailureKind } from "./submit-error.ts";

/**
 * The failure an HTTP status from the data API stands for. A 4xx is the data
 * API refusing this row, except 429: too many requests from this address (the
 * rate limit, often a carrier's shared address), which passes by itself. No
 * answer (status 0: offline, network down, time-out) or a gateway that cannot
 * reach the service behind it (502, 503, 504) is "unreachable": a retry fixes
 * it. Other 5xx are unexpected. (Its own module: only the lazily loaded
 * submit paths use it, so it stays out of the first load.)
 */
export function failureKindOfStatus(status: number): SubmitFailureKind {
  if (status === 429) return "rateLimited";
  if (status >= 400 && status < 500) return "rejected";
  return status === 0 || status === 502 || status === 503 || status === 504 ? "unreachable" : "unexpected";
}
