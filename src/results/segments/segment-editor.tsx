/**
 * A segment being made or changed: its name and its condition (any
 * combination of the site's filters, filter-fields.tsx, and one answer of a
 * single-choice question; a personal question only with the grant), with
 * its live count from the database
 * (results_segment_count: withheld from a viewer under the minimum group).
 * Saved over the version it was opened at (results_save_segment): if a
 * teammate saved it meanwhile, the database says so and nothing is lost
 * on the screen.
 */
import { useMemo, useState, type FormEvent } from "react";
import { interpolate } from "../../core/interpolate.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { crosstabAxes } from "../../report/crosstab/axes.ts";
import type { Formatters } from "../../report/format.ts";
import { rpc } from "../auth-client.ts";
import { FilterFields } from "../filter-fields.tsx";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import type { Member } from "../me.ts";
import { refusalText } from "../refusal-text.ts";
import { useRpc } from "../use-rpc.ts";
import type { ResultsWords } from "../words/index.ts";

export interface SavedSegment { id: string; name: string; filters: Omit<SiteFilters, "hidden"> & { hidden?: Record<string, string> }; madeBy: string; version: number; mayChange: boolean }

interface Props { config: SurveyConfig; member: Member; hiddenIds: readonly string[]; segment: SavedSegment | null; words: ResultsWords; f: Formatters; saved: (id: string) => void; cancel: () => void }

export function SegmentEditor({ config, member, hiddenIds, segment, words, f, saved, cancel }: Props) {
  const w = words.segments;
  const [name, setName] = useState(segment?.name ?? "");
  const [draft, setDraft] = useState<SiteFilters>({ ...segment?.filters, hidden: segment?.filters.hidden ?? {} });
  const [error, setError] = useState<string | null>(null);
  const choices = useMemo(() => crosstabAxes(config).filter((axis) => axis.kind === "one" && axis.values && !axis.id.startsWith("~") && (member.personal || !axis.personal)), [config, member.personal]);
  const count = useRpc<{ count?: number; belowMinimumGroup?: number }>("results_segment_count", { survey: config.id, filters: rpcFilters(draft) }, words);
  const answered = choices.find((axis) => axis.id === draft.answer?.question);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const args = { survey: config.id, segment_name: name, segment_filters: rpcFilters(draft), segment_id: segment?.id ?? crypto.randomUUID(), expected_version: segment?.version ?? null };
    rpc<{ id: string }>("results_save_segment", args).then((row) => saved(row.id), (failure: unknown) => setError(refusalText(words, failure)));
  };
  const set = (change: Partial<SiteFilters>) => setDraft({ ...draft, ...change });
  return (
    <form className="card segment-editor" onSubmit={submit} aria-labelledby="segment-editor-heading">
      <h2 id="segment-editor-heading">{segment ? w.editing : w.create}</h2>
      <div className="filter-fields">
        <label>{w.name}<input type="text" name="segment-name" required maxLength={80} value={name} onChange={(event) => setName(event.target.value)} /></label>
        <FilterFields config={config} hiddenIds={hiddenIds} draft={draft} words={words} f={f} change={setDraft} prefix="segment-" />
        <label>{w.question}<select name="segment-question" value={draft.answer?.question ?? ""} onChange={(event) => {
          const axis = choices.find((choice) => choice.id === event.target.value);
          set({ answer: axis ? { question: axis.id, value: axis.values![0]!.key } : undefined });
        }}>
          <option value="">{w.noAnswer}</option>
          {choices.map((axis) => <option key={axis.id} value={axis.id}>{axis.title}</option>)}
        </select></label>
        {answered && (
          <label>{w.value}<select name="segment-value" value={draft.answer!.value} onChange={(event) => set({ answer: { question: answered.id, value: event.target.value } })}>
            {answered.values!.map(({ key, label }) => <option key={key} value={key}>{label}</option>)}
          </select></label>
        )}
      </div>
      <p role="status" id="segment-count">
        {count.data?.count !== undefined && interpolate(w.count, { count: f.integer(count.data.count) })}
        {count.data?.belowMinimumGroup !== undefined && interpolate(w.countWithheld, { count: f.integer(count.data.belowMinimumGroup) })}
        {count.error}
      </p>
      {error && <p role="alert">{error}</p>}
      <div className="filter-actions">
        <button type="submit">{w.save}</button>
        <button type="button" onClick={cancel}>{w.cancel}</button>
      </div>
    </form>
  );
}
