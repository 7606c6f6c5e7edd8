/**
 * The screen-out: the database refused the response because it meets a
 * full quota (QUOTA_ERROR_CODE, the quota's id as the error's detail, as
 * scripts/sql/quota-sql.ts raises it). The respondent is led to that
 * quota's own page, which says their answers were not stored, instead of an
 * error notice that a retry could never clear.
 */
import { QUOTA_ERROR_CODE } from "../core/quotas.ts";
import type { ResolvedSurvey, ResolvedThankYou } from "../core/resolve-survey.ts";

/** PostgREST's error as supabase-js and the partial save's call keep it (the SubmitError's cause). */
interface DatabaseError {
  code?: string;
  details?: string | null;
}

/** The screen-out page of the quota that refused this submit, if a quota did. */
export function screenOutOf(config: Pick<ResolvedSurvey, "screenOuts">, error: unknown): ResolvedThankYou | undefined {
  const cause = (error as { cause?: DatabaseError } | undefined)?.cause;
  if (cause?.code !== QUOTA_ERROR_CODE) return undefined;
  return config.screenOuts?.find((quota) => quota.id === cause.details)?.thankYou;
}
