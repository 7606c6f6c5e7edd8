import { CAMPAIGN_ERROR_CODES, type CampaignRefusal } from "../core/campaign.ts";

/**
 * Why a submission failed, in the voices the respondent hears:
 * "rejected" — the data API answered with an error ('Error al enviar formulario');
 * "unreachable" — no connection, or the data API could not be reached (no
 *   answer, a time-out, a gateway saying the service behind it is down): the
 *   answers wait and the submit is retried by itself;
 * "rateLimited" — the data API asks this address to slow down (429: many
 *   submissions from one network, such as a carrier's shared address): the
 *   answers wait and the submit is retried by itself, under its own notice;
 * "notYetOpen", "closed", "full" — the database refuses the response for the
 *   survey's campaign (its SQLSTATE, src/core/campaign.ts): the survey shows
 *   that notice instead of its questions, and keeps the answers;
 * "unexpected" — anything else ('Error inesperado').
 */
export type SubmitFailureKind = "rejected" | "unreachable" | "rateLimited" | "unexpected" | CampaignRefusal;

/** The kinds a later try can fix, so the submit waits and tries again. */
export type WaitingKind = Extract<SubmitFailureKind, "unreachable" | "rateLimited">;

export const isWaitingKind = (kind: SubmitFailureKind): kind is WaitingKind => kind === "unreachable" || kind === "rateLimited";

export const isCampaignRefusal = (kind: SubmitFailureKind): kind is CampaignRefusal => kind in CAMPAIGN_ERROR_CODES;

export class SubmitError extends Error {
  readonly kind: SubmitFailureKind;

  constructor(kind: SubmitFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SubmitError";
    this.kind = kind;
  }
}

export function failureKindOf(error: unknown): SubmitFailureKind {
  return error instanceof SubmitError ? error.kind : "unexpected";
}
