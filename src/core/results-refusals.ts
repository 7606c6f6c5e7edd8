/**
 * The refusals of the results site's database functions (team.access,
 * team.filter_request, the members' functions: scripts/sql/team*.ts and
 * results*.ts). Each raises its SQLSTATE (42501 is HTTP 403 through
 * PostgREST, the others 400) with an English message for whoever reads the
 * database, and its key in DETAIL (`results/<key>`), which the results site
 * turns into the team's words (src/results/refusal-text.ts). One list, read
 * by the SQL and by the site's words, so that neither can name a refusal
 * the other lacks.
 */
export const RESULTS_REFUSALS = {
  notMember: "42501",
  roleTooLow: "42501",
  unknownSurvey: "22023",
  notADay: "22023",
  notADate: "22023",
  unknownFilter: "22023",
  unknownHiddenField: "22023",
  oneLanguage: "22023",
  noEndings: "22023",
  finishedFilter: "22023",
  personalFilter: "42501",
  answerFilter: "22023",
  flaggedFilter: "22023",
  unknownVersion: "22023",
  noPartialResponses: "22023",
  unknownAxis: "22023",
  personalAxis: "42501",
  unknownText: "22023",
  personalText: "42501",
  notOtherText: "22023",
  badCode: "22023",
  onlyOwners: "42501",
  lastOwner: "23514",
  selfGrant: "42501",
  segmentLimited: "42501",
  segmentNotYours: "42501",
  unknownSegment: "22023",
  segmentChanged: "22023",
  tooManySegments: "22023",
  segmentInUse: "23514",
  viewerOnlyLimit: "22023",
} as const;

export type ResultsRefusal = keyof typeof RESULTS_REFUSALS;

const PREFIX = "results/";

/** The DETAIL a refusal is raised with. */
export const refusalDetail = (refusal: ResultsRefusal): string => PREFIX + refusal;

/** The refusal a DETAIL names, if it names one. */
export function refusalOf(detail: string | null | undefined): ResultsRefusal | undefined {
  const key = detail?.startsWith(PREFIX) ? detail.slice(PREFIX.length) : undefined;
  return key !== undefined && Object.hasOwn(RESULTS_REFUSALS, key) ? (key as ResultsRefusal) : undefined;
}
