/**
 * A member's results: the survey (?survey=), the view (?view=numbers,
 * crosstab, segments, trend, arms (a survey with A/B arms), themes, responses, response, members, channels, shares, as the role allows) and the filters, all in
 * the address; the numbers refresh by themselves (use-numbers.ts).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { authClient } from "./auth-client.ts";
import { interpolate } from "../core/interpolate.ts";
import { hiddenFields } from "../core/fields.ts";
import { usesArms } from "../core/arms.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { formatters } from "../report/format.ts";
import { reportZone } from "../report/time-zone.ts";
import { filtersFromQuery, hasFilters, rpcFilters, withFilters, type SiteFilters } from "./filters.ts";
import { FilterBar } from "./filter-bar.tsx";
import { atLeast, type Member } from "./me.ts";
import { ChannelsView } from "./channels/channels-view.tsx";
import { MembersView } from "./members-view.tsx";
import { SharesView } from "./shares-view.tsx";
import { ReportSections } from "../report/sections/report-sections.tsx";
import { ResponseView } from "./response-view.tsx";
import { ResponsesView } from "./responses-view.tsx";
import { needsSecondFactor, TwoFactor } from "./two-factor.tsx";
import { loadSurveyConfig } from "./survey-config.ts";
import { useAfterFirstPaint } from "./use-after-first-paint.ts";
import { useAddress, withParam } from "./use-address.ts";
import { useNumbers } from "./use-numbers.ts";
import { WithheldNumbers } from "./withheld.tsx";
import { QuotaFill } from "./quotas/quota-fill.tsx";
import { refusalText } from "./refusal-text.ts";
import type { ResultsWords } from "./words/index.ts";

// Its own chunk: the statistics and their distributions load when a member opens the cross-tab.
const CrosstabView = lazy(() => import("./crosstab/crosstab-view.tsx"));
const SegmentsView = lazy(() => import("./segments/segments-view.tsx"));
const TrendView = lazy(() => import("./trend/trend-view.tsx"));
const ThemesView = lazy(() => import("./themes/themes-view.tsx"));
const ArmsView = lazy(() => import("./arms/arms-view.tsx"));

interface Props {
  member: Member;
  words: ResultsWords;
  language: string;
  signOut: () => void;
}

export function Dashboard({ member, words, language, signOut }: Props) {
  const [search, go] = useAddress();
  const params = new URLSearchParams(search);
  const surveyId = params.get("survey") ?? member.surveys[0]?.id;
  const [config, setConfig] = useState<SurveyConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (surveyId) loadSurveyConfig(surveyId).then(setConfig, (failure: Error) => setError(failure.message));
  }, [surveyId]);
  if (error) return <main className="narrow"><p role="alert">{interpolate(words.failed, { message: error })}</p></main>;
  if (!config) return <main className="narrow"><p role="status">{words.loading}</p></main>;
  return <SurveyResults key={config.id} {...{ member, words, language, signOut, config, search, go }} />;
}

function SurveyResults({ member, words, language, signOut, config, search, go }: Props & { config: SurveyConfig; search: string; go: (search: string) => void }) {
  const params = new URLSearchParams(search);
  const hiddenIds = useMemo(() => hiddenFields(config).map((field) => field.id), [config]);
  const filters = filtersFromQuery(search, hiddenIds);
  const f = useMemo(() => formatters(language, config.language, reportZone(config)), [language, config]);
  const asked = params.get("view") ?? "numbers";
  const ownerView = (asked === "members" || asked === "channels" || asked === "shares") && atLeast(member, "owner");
  const view = (asked === "responses" || asked === "response") && atLeast(member, "analyst") ? asked : ownerView || ["crosstab", "segments", "trend", "themes"].includes(asked) || (asked === "arms" && usesArms(config)) ? asked : "numbers";
  const { numbers, partial, withheld, flaggedExcluded, updatedAt, error, refresh } = useNumbers(config, filters);
  const painted = useAfterFirstPaint(numbers !== null || withheld !== null);
  // The figures painted (or failed), supabase-js may take the session from the sign-in link (auth-client.ts).
  useEffect(() => void ((painted || error !== null) && authClient()), [painted, error]);
  const apply = (next: SiteFilters) => go(withFilters(search, next, hiddenIds));
  const show = (next: string) => go(withParam(withParam(search, "view", next === "numbers" ? null : next), "id", null));
  const time = new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" });
  const links: [string, string][] = [["numbers", words.nav.numbers], ["crosstab", words.nav.crosstab], ["segments", words.nav.segments], ["trend", words.nav.trend], ...(usesArms(config) ? [["arms", words.nav.arms] as [string, string]] : []), ["themes", words.nav.themes], ...(atLeast(member, "analyst") ? [["responses", words.nav.responses] as [string, string]] : []), ...(atLeast(member, "owner") ? [["members", words.nav.members], ["channels", words.nav.channels], ["shares", words.nav.shares]] as [string, string][] : [])];
  return (
    <>
      <header className="top">
        <h1>{interpolate(f.words.page.heading, { title: config.pageTitle })}</h1>
        <p className="meta">
          {interpolate(words.signedInAs, { email: member.email, role: words.role[member.role] })}
          {member.personal && ` · ${words.personalGrant}`}{" "}
          <button type="button" className="link" onClick={signOut}>{words.signOut}</button>
        </p>
        <nav aria-label={words.title}>
          <ul>
            {links.map(([id, label]) => (
              <li key={id}>
                <a href={`?${withParam(search, "view", id === "numbers" ? null : id)}`} aria-current={view === id || (id === "responses" && view === "response") ? "page" : undefined}
                  onClick={(event) => (event.preventDefault(), show(id))}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="meta">
          <span role="status" id="updated-at">{updatedAt && interpolate(words.updatedAt, { time: time.format(new Date(updatedAt)) })}</span>{" "}
          <button type="button" className="link" onClick={refresh}>{words.refresh}</button>
        </p>
        {/* On every view: a limited viewer's numbers, cross-tabs and themes are all of one segment (team.access). */}
        {member.segment && <p className="meta" role="note" id="segment-limited">{words.segments.limited}</p>}
        {flaggedExcluded !== null && <p className="meta" id="flagged-excluded">{f.counted(f.words.page.flaggedExcluded, flaggedExcluded)}</p>}
      </header>
      <main>
        {needsSecondFactor(member, config.id) && <TwoFactor words={words} />}
        {view !== "members" && view !== "channels" && view !== "shares" && <FilterBar config={config} hiddenIds={hiddenIds} filters={filters} words={words} f={f} apply={apply} />}
        {error !== null && <p role="alert">{interpolate(words.failed, { message: refusalText(words, error) })}</p>}
        {view === "numbers" && <QuotaFill config={config} words={words} format={f.integer} />}
        {view === "numbers" && withheld !== null && <WithheldNumbers minimum={withheld} words={words} />}
        {view === "numbers" && numbers && (
          <ReportSections numbers={numbers} f={f} filtered={hasFilters(filters)} sectionClass="card" summaryOnly={!painted} partial={partial ? { numbers: partial, questions: config.questions } : undefined} pick={{ picked: filters.answer, byBar: words.filters.byBar, pick: (question, value) => apply({ ...filters, answer: { question, value } }) }} />
        )}
        {view === "crosstab" && <Suspense fallback={<p role="status">{words.loading}</p>}><CrosstabView config={config} member={member} filters={filters} words={words} f={f} search={search} go={go} /></Suspense>}
        {view === "segments" && <Suspense fallback={<p role="status">{words.loading}</p>}><SegmentsView config={config} member={member} hiddenIds={hiddenIds} filters={filters} words={words} f={f} search={search} go={go} /></Suspense>}
        {view === "trend" && <Suspense fallback={<p role="status">{words.loading}</p>}><TrendView config={config} member={member} filters={filters} words={words} f={f} search={search} go={go} /></Suspense>}
        {view === "arms" && <Suspense fallback={<p role="status">{words.loading}</p>}><ArmsView config={config} member={member} filters={filters} words={words} f={f} search={search} go={go} /></Suspense>}
        {view === "themes" && <Suspense fallback={<p role="status">{words.loading}</p>}><ThemesView config={config} member={member} filters={filters} words={words} f={f} search={search} go={go} /></Suspense>}
        {view === "responses" && <ResponsesView config={config} filters={filters} expectedRows={numbers?.responses ?? 0} words={words} f={f} open={(id) => go(withParam(withParam(search, "view", "response"), "id", id))} />}
        {view === "response" && params.get("id") && <ResponseView config={config} id={params.get("id")!} words={words} f={f} back={() => show("responses")} />}
        {view === "members" && <MembersView survey={config.id} words={words} time={(iso) => f.dateTime(iso)} />}
        {view === "channels" && <ChannelsView survey={config.id} words={words} f={f} />}
        {view === "shares" && <SharesView survey={config.id} filters={rpcFilters(filters)} words={words} time={(iso) => f.dateTime(iso)} />}
      </main>
    </>
  );
}
