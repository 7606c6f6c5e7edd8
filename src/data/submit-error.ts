/**
 * Why a submission failed, in the two voices the respondent hears:
 * "rejected" — the data API answered with an error ('Error al enviar formulario');
 * "unexpected" — no usable answer at all: network down, time-out ('Error inesperado').
 */
export type SubmitFailureKind = "rejected" | "unexpected";

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
