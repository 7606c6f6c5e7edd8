/** The summary: the headline numbers, and the campaign's window and limit (how full only when nothing is filtered: then the rows are all the stored ones). */
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../format.ts";
import type { ReportNumbers } from "../numbers.ts";

export function Headline({ stats }: { stats: [id: string, name: string, value: string][] }) {
  return (
    <dl className="headline">
      {stats.map(([id, name, value]) => (
        <div key={id} id={`stat-${id}`}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Campaign({ campaign, filtered, f }: { campaign: NonNullable<ReportNumbers["campaign"]>; filtered: boolean; f: Formatters }) {
  const words = f.words.campaign;
  const from = campaign.opensAt ? interpolate(words.from, { date: f.dateTime(campaign.opensAt) }) : words.fromPublication;
  const until = campaign.closesAt ? interpolate(words.until, { date: f.dateTime(campaign.closesAt) }) : words.noClosing;
  const received = !filtered && campaign.maxResponses !== null;
  const limit =
    campaign.maxResponses === null
      ? words.noLimit
      : interpolate(f.counted(received ? words.limitReceived : words.limit, campaign.maxResponses), { received: f.integer(campaign.counted), share: f.percent(campaign.counted / campaign.maxResponses) });
  return <p className="meta" id="campaign">{`${interpolate(words.window, { from, until })} ${limit}`}</p>;
}

export function Summary({ numbers, filtered, f }: { numbers: ReportNumbers; filtered: boolean; f: Formatters }) {
  const words = f.words.summary;
  return (
    <>
      <Headline
        stats={[
          ["responses", words.responses, f.integer(numbers.responses)],
          ["visits", words.visits, numbers.visits === null ? "—" : f.integer(numbers.visits)],
          ["completion", words.completionRate, f.percent(numbers.completionRate)],
          ["median-time", words.medianTime, f.duration(numbers.medianSecondsToComplete)],
          ["first", words.firstResponse, f.dateTime(numbers.firstResponse)],
          ["last", words.lastResponse, f.dateTime(numbers.lastResponse)],
        ]}
      />
      {numbers.campaign && <Campaign campaign={numbers.campaign} filtered={filtered} f={f} />}
    </>
  );
}
