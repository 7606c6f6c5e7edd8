/**
 * The filters' fields, one set for the filter bar and the segment editor (a
 * segment is any combination of the site's filters): a date range (both days
 * included), each hidden field, the language, leaving the flagged responses
 * out (surveys with quality rules), the ending, finished or not (surveys with
 * partial responses), the version of the definition the respondents saw
 * (once the survey has published more than one). Controlled: `change` gets
 * the draft with one field changed. `prefix` keeps the two forms' field
 * names apart on one page.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { interpolate } from "../core/interpolate.ts";
import { usesPartialResponses } from "../core/partial-response.ts";
import type { Formatters } from "../report/format.ts";
import type { SiteFilters } from "./filters.ts";
import { useRpc } from "./use-rpc.ts";
import type { ResultsWords } from "./words/index.ts";

/** A version the survey published (results_versions), oldest first. */
export interface PublishedVersion { version: string; publishedAt: string }

interface Props {
  config: SurveyConfig;
  hiddenIds: readonly string[];
  draft: SiteFilters;
  words: ResultsWords;
  f: Formatters;
  change: (draft: SiteFilters) => void;
  prefix?: string;
}

export function FilterFields({ config, hiddenIds, draft, words, f, change, prefix = "" }: Props) {
  const w = words.filters;
  const set = (field: Partial<SiteFilters>) => change({ ...draft, ...field });
  const languages = (config.languages?.length ?? 0) > 1 ? config.languages! : [];
  const endings = config.endings ?? [];
  const versions = useRpc<PublishedVersion[]>("results_versions", { survey: config.id }, words).data ?? [];
  return (
    <>
      <label>
        {w.from}
        <input type="date" name={`${prefix}from`} value={draft.from ?? ""} max={draft.until} onChange={(event) => set({ from: event.target.value || undefined })} />
      </label>
      <label>
        {w.until}
        <input type="date" name={`${prefix}until`} value={draft.until ?? ""} min={draft.from} onChange={(event) => set({ until: event.target.value || undefined })} />
      </label>
      {hiddenIds.map((id) => (
        <label key={id}>
          {id}
          <input type="text" name={`${prefix}${id}`} value={draft.hidden[id] ?? ""}
            onChange={(event) => {
              const hidden = { ...draft.hidden };
              if (event.target.value) hidden[id] = event.target.value;
              else delete hidden[id];
              set({ hidden });
            }} />
        </label>
      ))}
      {languages.length > 0 && (
        <label>
          {w.language}
          <select name={`${prefix}language`} value={draft.language ?? ""} onChange={(event) => set({ language: event.target.value || undefined })}>
            <option value="">{w.any}</option>
            {languages.map((language) => <option key={language} value={language}>{language}</option>)}
          </select>
        </label>
      )}
      {config.quality && (
        <label>
          <input type="checkbox" name={`${prefix}flagged`} checked={draft.flagged === "exclude"} onChange={(event) => set({ flagged: event.target.checked ? "exclude" : undefined })} />
          {w.excludeFlagged}
        </label>
      )}
      {endings.length > 0 && (
        <label>
          {w.ending}
          <select name={`${prefix}ending`} value={draft.ending ?? ""} onChange={(event) => set({ ending: event.target.value || undefined })}>
            <option value="">{w.any}</option>
            {endings.map((ending) => <option key={ending.id} value={ending.id}>{ending.id}</option>)}
          </select>
        </label>
      )}
      {usesPartialResponses(config) && (
        <label>
          {w.finished}
          <select name={`${prefix}finished`} value={draft.finished === undefined ? "" : String(draft.finished)} onChange={(event) => set({ finished: event.target.value === "" ? undefined : event.target.value === "true" })}>
            <option value="">{w.finishedAny}</option>
            <option value="true">{w.finishedOnly}</option>
            <option value="false">{w.unfinishedOnly}</option>
          </select>
        </label>
      )}
      {/* One version says nothing to choose; a version already in the address stays shown, so it can be removed. */}
      {(versions.length > 1 || draft.version) && (
        <label>
          {w.version}
          <select name={`${prefix}version`} value={draft.version ?? ""} onChange={(event) => set({ version: event.target.value || undefined })}>
            <option value="">{w.any}</option>
            {versions.map(({ version, publishedAt }) => (
              <option key={version} value={version}>{interpolate(w.versionOption, { date: f.dateTime(publishedAt), version: version.slice(0, 8) })}</option>
            ))}
            {draft.version && !versions.some(({ version }) => version === draft.version) && <option value={draft.version}>{draft.version.slice(0, 8)}</option>}
          </select>
        </label>
      )}
    </>
  );
}
