/**
 * The segments view (?view=segments&segments=<id>,<id>&edit=<id>|new, with
 * the filters): the team's saved segments (results_segments, as row-level
 * security lets the member read them), up to four of them chosen into the
 * address so that a teammate opens the same comparison, the editor, and
 * every question with the chosen segments side by side
 * (results_segment_columns): counts, column %, and the cross-tab's letters
 * when the segments do not overlap. Nothing is counted here.
 */
import { useMemo } from "react";
import { interpolate } from "../../core/interpolate.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { crosstabAxes } from "../../report/crosstab/axes.ts";
import { crosstabTable, type CrosstabCounts } from "../../report/crosstab/table.ts";
import type { Formatters } from "../../report/format.ts";
import { segmentsAxis, type SegmentColumns } from "../../report/segments/segment-columns.ts";
import { CrosstabTableView } from "../../report/sections/crosstab/crosstab-table.tsx";
import { axisTitle, keyNames } from "../../report/sections/crosstab/crosstab-section.tsx";
import { rpc } from "../auth-client.ts";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import type { Member } from "../me.ts";
import { withParam } from "../use-address.ts";
import { useRpc } from "../use-rpc.ts";
import type { ResultsWords } from "../words/index.ts";
import { SegmentEditor, type SavedSegment } from "./segment-editor.tsx";

export const MOST_SIDE_BY_SIDE = 4;

interface Props { config: SurveyConfig; member: Member; hiddenIds: readonly string[]; filters: SiteFilters; words: ResultsWords; f: Formatters; search: string; go: (search: string) => void }

export default function SegmentsView({ config, member, hiddenIds, filters, words, f, search, go }: Props) {
  const w = words.segments;
  const params = new URLSearchParams(search);
  const chosen = (params.get("segments") ?? "").split(",").filter(Boolean).slice(0, MOST_SIDE_BY_SIDE);
  const editing = params.get("edit");
  const list = useRpc<SavedSegment[]>("results_segments", { survey: config.id }, words);
  const side = useRpc<SegmentColumns>("results_segment_columns", chosen.length > 0 ? { survey: config.id, segment_ids: chosen, filters: rpcFilters(filters) } : null, words);
  const questions = useMemo(() => crosstabAxes(config).filter((axis) => !axis.id.startsWith("~")), [config]);
  const choose = (ids: string[]) => go(withParam(search, "segments", ids.length ? ids.join(",") : null));
  const toggle = (id: string, on: boolean) => choose(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  const remove = (segment: SavedSegment) => void rpc("results_delete_segment", { segment_id: segment.id }).then(() => (list.again(), choose(chosen.filter((id) => id !== segment.id))), () => list.again());
  const open = (id: string | null) => go(withParam(search, "edit", id));
  const segments = list.data ?? [];
  return (
    <>
      <section className="card" aria-labelledby="segments-heading">
        <h2 id="segments-heading">{w.heading}</h2>
        <p className="meta">{w.intro}</p>
        {list.error && <p role="alert">{list.error}</p>}
        {list.data && segments.length === 0 && <p>{w.none}</p>}
        {segments.length > 0 && (
          <fieldset className="segment-list">
            <legend>{w.pick}</legend>
            <ul>
              {segments.map((segment) => (
                <li key={segment.id}>
                  <label>
                    <input type="checkbox" name="segment" value={segment.id} checked={chosen.includes(segment.id)} disabled={!chosen.includes(segment.id) && chosen.length >= MOST_SIDE_BY_SIDE}
                      onChange={(event) => toggle(segment.id, event.target.checked)} />
                    {segment.name}
                  </label>{" "}
                  <span className="meta">{interpolate(w.madeBy, { email: segment.madeBy })}</span>
                  {segment.mayChange && <>
                    {" "}<button type="button" className="link" onClick={() => open(segment.id)}>{interpolate(w.edit, { name: segment.name })}</button>
                    {" "}<button type="button" className="link" onClick={() => remove(segment)}>{interpolate(w.remove, { name: segment.name })}</button>
                  </>}
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {!member.segment && !editing && <button type="button" onClick={() => open("new")}>{w.create}</button>}
      </section>
      {editing && (editing === "new" || list.data) && (
        <SegmentEditor key={editing} config={config} member={member} hiddenIds={hiddenIds} segment={segments.find((segment) => segment.id === editing) ?? null} words={words} f={f}
          saved={(id) => (list.again(), go(withParam(withParam(search, "edit", null), "segments", [...new Set([...chosen, id])].slice(0, MOST_SIDE_BY_SIDE).join(","))))} cancel={() => open(null)} />
      )}
      <section className="card" aria-labelledby="side-heading">
        <h2 id="side-heading">{w.side}</h2>
        {chosen.length === 0 && <p>{w.choose}</p>}
        {side.error && <p role="alert">{side.error}</p>}
        {chosen.length > 0 && !side.data && !side.error && <p role="status">{words.loading}</p>}
        {side.data?.belowMinimumGroup !== undefined && <p role="status">{interpolate(words.crosstab.belowMinimumGroup, { count: f.integer(side.data.belowMinimumGroup) })}</p>}
        {side.data && side.data.belowMinimumGroup === undefined && <SideBySide columns={side.data} questions={questions} words={words} f={f} />}
      </section>
    </>
  );
}

function SideBySide({ columns, questions, words, f }: { columns: SegmentColumns; questions: ReturnType<typeof crosstabAxes>; words: ResultsWords; f: Formatters }) {
  const w = words.segments;
  const axis = segmentsAxis(columns.segments, columns.overlap);
  const names = keyNames(words.crosstab, f);
  return (
    <>
      <ul className="segment-sizes">
        {columns.segments.map(({ id, name }) => (
          <li key={id}>{columns.sizes[id] !== undefined ? interpolate(w.size, { name, count: f.integer(columns.sizes[id]!) }) : interpolate(w.sizeHidden, { name, count: f.integer(columns.hidden ?? 0) })}</li>
        ))}
      </ul>
      <p className="meta">{words.crosstab.legend}</p>
      {columns.overlap && <p className="meta">{w.overlap}</p>}
      {columns.hidden !== undefined && <p className="meta">{interpolate(words.crosstab.hidden, { count: f.integer(columns.hidden) })}</p>}
      {questions.filter((question) => columns.questions[question.id]).map((question) => {
        const counts = columns.questions[question.id]!;
        return (
          <div key={question.id} className="segment-question">
            <h3>{axisTitle(question, words.crosstab)}</h3>
            {counts.total === null
              ? <p className="meta">{interpolate(w.questionHidden, { count: f.integer(columns.hidden ?? 0) })}</p>
              : counts.total === 0
                ? <p className="meta">{words.crosstab.empty}</p>
                : <CrosstabTableView table={crosstabTable(question, axis, counts as CrosstabCounts, names)} caption={axisTitle(question, words.crosstab)} words={words.crosstab} f={f} />}
          </div>
        );
      })}
    </>
  );
}
