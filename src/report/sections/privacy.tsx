/**
 * Privacy, for a survey that declares a consent step or a retention: how long
 * its responses and visit events are kept, and the responses per version of
 * the consent text (so the team can show which text each respondent agreed to).
 */
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../format.ts";
import type { ReportNumbers } from "../numbers.ts";
import { Shares } from "./shares.tsx";

export const hasPrivacySection = (numbers: ReportNumbers): boolean => numbers.consentVersions !== null || numbers.retention !== null;

export function Privacy({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.privacy;
  const { responsesDays = null, visitEventsDays = null } = numbers.retention ?? {};
  const kept = (days: number | null, text: string, forever: string) => (days === null ? forever : interpolate(text, { days: f.integer(days) }));
  return (
    <>
      <p id="retention">{`${kept(responsesDays, words.responsesKept, words.responsesForever)} ${kept(visitEventsDays, words.eventsKept, words.eventsForever)}`}</p>
      {numbers.consentVersions ? (
        <Shares rows={numbers.consentVersions.map((row) => ({ key: row.version, responses: row.responses }))} responses={numbers.responses} headers={[words.version, words.responses, words.share]} caption={words.version} f={f} />
      ) : (
        <p>{words.noConsent}</p>
      )}
    </>
  );
}
