/** A results function's refusal (src/core/results-refusals.ts): its SQLSTATE, an English message (an SQL expression) and its key in DETAIL. */
import { RESULTS_REFUSALS, refusalDetail, type ResultsRefusal } from "../../src/core/results-refusals.ts";

export const refuse = (refusal: ResultsRefusal, message: string): string =>
  `raise exception using errcode = '${RESULTS_REFUSALS[refusal]}', message = ${message}, detail = '${refusalDetail(refusal)}'`;
