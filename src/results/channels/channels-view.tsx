/**
 * Owners: each notification channel of the survey (results_channel_state,
 * from the outbox's outbox.channel_state): its state, what is pending, sent
 * and in the dead letters, the last delivery and the last failures, and the
 * command that sends the dead letters again once the channel is fixed (the
 * site does not replay: sending again is the operator's act, with the
 * service key, docs/operators/notifications.md).
 */
import { useEffect, useState } from "react";
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../../report/format.ts";
import { rpc } from "../auth-client.ts";
import type { ResultsWords } from "../words/index.ts";
import { refusalText } from "../refusal-text.ts";

export interface ChannelState {
  name: string;
  kind: string;
  active: boolean;
  state: "ok" | "failing" | "stopped";
  failuresInRow: number;
  pending: number;
  sent: number;
  dead: number;
  lastDelivery: string | null;
  lastFailures: { at: string; attempt: number; http_status: number | null; error: string | null }[];
}

function Channel({ channel, words, f }: { channel: ChannelState; words: ResultsWords["channels"]; f: Formatters }) {
  const id = `channel-${channel.name}`;
  return (
    <section className="channel" aria-labelledby={id} data-channel={channel.name}>
      <h3 id={id}>{`${channel.name} · ${words.kind[channel.kind as keyof typeof words.kind] ?? channel.kind}`}</h3>
      <dl className="headline">
        {([
          ["state", words.state, `${words.states[channel.state]}${channel.active ? "" : ` (${words.inactive})`}`],
          ["pending", words.pending, f.integer(channel.pending)],
          ["sent", words.sent, f.integer(channel.sent)],
          ["dead", words.dead, f.integer(channel.dead)],
          ["last-delivery", words.lastDelivery, f.dateTime(channel.lastDelivery)],
        ] as const).map(([key, name, value]) => (
          <div key={key} data-stat={key}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {channel.lastFailures.length > 0 && (
        <>
          <h4>{words.lastFailures}</h4>
          <ul className="failures">
            {channel.lastFailures.map((failure, index) => (
              <li key={index}>
                <time dateTime={failure.at}>{f.dateTime(failure.at)}</time>{" "}
                {interpolate(words.failure, { attempt: f.integer(failure.attempt), status: failure.http_status === null ? "—" : String(failure.http_status) })}
                {failure.error && <> <code>{failure.error}</code></>}
              </li>
            ))}
          </ul>
        </>
      )}
      {channel.dead > 0 && (
        <p className="meta">
          {words.replay} <code>{`npm run outbox -- replay --since <${words.date}> --channel ${channel.name}`}</code>
        </p>
      )}
    </section>
  );
}

export function ChannelsView({ survey, words, f }: { survey: string; words: ResultsWords; f: Formatters }) {
  const w = words.channels;
  const [channels, setChannels] = useState<ChannelState[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    rpc<ChannelState[]>("results_channel_state", { survey }).then(setChannels, (failure: unknown) => setError(refusalText(words, failure)));
  }, [survey]);
  return (
    <section className="card" aria-labelledby="channels-heading">
      <h2 id="channels-heading">{w.heading}</h2>
      {error && <p role="alert">{interpolate(words.failed, { message: error })}</p>}
      {channels && channels.length === 0 && <p>{w.none}</p>}
      {channels?.map((channel) => <Channel key={channel.name} channel={channel} words={w} f={f} />)}
    </section>
  );
}
