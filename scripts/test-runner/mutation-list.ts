/**
 * The mutation set run by mutations.ts: one deliberate bug each, the exact
 * text it changes (found exactly once in `file`) and the test files that
 * should catch it. Generated migrations are changed in the .sql file itself
 * (the latest definition), so that a database snapshot keyed by the
 * migrations' content is seen to follow a changed migration.
 */
export interface Mutation {
  id: string;
  /** The bug, in one line. */
  what: string;
  /** A file, or a folder ("…/") for the newest file in it that holds `find`. */
  file: string;
  find: string;
  replace: string;
  /** vitest files, or Playwright specs (*.spec.ts) only. */
  tests: string[];
}

/** The newest migration that holds the text (mutations.ts): where the function's latest definition is. */
const LATEST_MIGRATION = "supabase/migrations/";
const TEAM = LATEST_MIGRATION;
const REPORT = LATEST_MIGRATION;

export const MUTATIONS: Mutation[] = [
  // The pure core.
  { id: "core-at-most", what: "an atMost condition excludes its bound (`<=` becomes `<`)", file: "src/core/conditions.ts", find: "answer <= condition.atMost!", replace: "answer < condition.atMost!", tests: ["tests/core/conditions.test.ts"] },
  { id: "core-before", what: "a date 'before' condition includes its day (`<` becomes `<=`)", file: "src/core/conditions.ts", find: "dateIs(value, (answer) => answer < condition.before!)", replace: "dateIs(value, (answer) => answer <= condition.before!)", tests: ["tests/core/conditions.test.ts", "tests/sql/date-conditions.test.ts"] },
  { id: "core-optional", what: "an empty optional question is reported as missing", file: "src/core/validation.ts", find: "return question.required ? messages[definition.requiredMessage] : undefined;", replace: "return messages[definition.requiredMessage];", tests: ["tests/core/validation.test.ts"] },
  { id: "core-hidden-required", what: "submit requires a field of a question its showIf hides", file: "src/core/validation.ts", find: "required.has(field.id) && asked.has(field.question) && ", replace: "required.has(field.id) && ", tests: ["tests/core/validation.test.ts", "tests/core/visibility.test.ts"] },
  { id: "core-next-visible", what: "'next' never reaches the last visible question (off by one)", file: "src/core/visibility.ts", find: "next < visible.length; next++", replace: "next < visible.length - 1; next++", tests: ["tests/core/visibility.test.ts", "tests/survey/conditions.test.tsx"] },
  // Question types.
  { id: "qt-date-max", what: "a date equal to the question's max is refused (`<=` becomes `<`)", file: "src/question-types/date/bounds.ts", find: "(max === undefined || value <= max)", replace: "(max === undefined || value < max)", tests: ["tests/question-types/date/date.test.ts"] },
  { id: "qt-email-length", what: "an email of exactly the longest allowed length is refused", file: "src/question-types/email/address.ts", find: "text.length <= EMAIL_MAX && ", replace: "text.length < EMAIL_MAX && ", tests: ["tests/question-types/email/email.test.ts"] },
  { id: "qt-email-column-length", what: "the email column loses its length CHECK", file: "src/question-types/email/tools.ts", find: "checks: [`char_length(${c}) <= ${EMAIL_MAX}`, ", replace: "checks: [", tests: ["tests/sql/email.test.ts"] },
  { id: "qt-nps-promoters", what: "an NPS of 8 counts as a promoter", file: "src/question-types/nps/score.ts", find: "sum((value) => value >= 9)", replace: "sum((value) => value >= 8)", tests: ["tests/scripts/report/nps.test.ts"] },
  // SQL generators (tests that generate the SQL themselves).
  { id: "sql-campaign-cap", what: "a campaign takes one response over its maximum (`<` becomes `<=`)", file: "scripts/sql/campaign-sql.ts", find: "(responses < max_responses or not public_role)", replace: "(responses <= max_responses or not public_role)", tests: ["tests/sql/campaign.test.ts"] },
  { id: "sql-campaign-role", what: "the team's own inserts are held to the public cap (role check dropped)", file: "scripts/sql/campaign-sql.ts", find: "(responses < max_responses or not public_role)", replace: "(responses < max_responses)", tests: ["tests/sql/campaign.test.ts"] },
  { id: "sql-condition-before", what: "SQL 'before' includes its day (`<` becomes `<=`)", file: "scripts/sql/condition-sql.ts", find: "orFalse(`${column} < date ${sqlText(condition.before!)}`)", replace: "orFalse(`${column} <= date ${sqlText(condition.before!)}`)", tests: ["tests/sql/date-conditions.test.ts"] },
  { id: "sql-condition-unasked", what: "a CHECK condition forgets that an unasked question reads as unanswered", file: "scripts/sql/condition-sql.ts", find: "`((not ${asked}) or ${onColumn})`", replace: "`(${onColumn})`", tests: ["tests/sql/condition-sql.test.ts", "tests/sql/conditional-columns.test.ts"] },
  { id: "sql-quality-no-start", what: "a response with no start time is no longer flagged too fast", file: "scripts/sql/quality-sql.ts", find: "(seconds is null or seconds < answered", replace: "(seconds < answered", tests: ["tests/sql/quality-migrations.test.ts", "tests/integration/quality-api.test.ts"] },
  { id: "sql-purge-keep", what: "the purge forgets the keep interval and deletes every unfinished row", file: "scripts/sql/purge-sql.ts", find: "using clock - r.keep;", replace: "using clock;", tests: ["tests/sql/unfinished-purge.test.ts"] },
  // Generated migrations, changed in the .sql (caught through the data API).
  { id: "mig-role-rank", what: "team.access skips the role check (a viewer may do an owner's work)", file: TEAM, find: "if (rank ->> m.role)::int < (rank ->> least_role)::int then", replace: "if (rank ->> m.role)::int < 0 then", tests: ["tests/integration/results-access.test.ts"] },
  { id: "mig-owner-only", what: "managing the team no longer needs an owner", file: TEAM, find: "  if not team.is_owner() then\n    raise exception using errcode = '42501', message = 'results: only an owner manages the team', detail = 'results/onlyOwners';", replace: "  if false then\n    raise exception using errcode = '42501', message = 'results: only an owner manages the team', detail = 'results/onlyOwners';", tests: ["tests/integration/results-access.test.ts"] },
  { id: "mig-personal-grant", what: "filtering on personal data without the personal-data grant", file: TEAM, find: "and not (a ->> 'personal')::boolean then\n      raise exception using errcode = '42501', message = 'results: filtering on personal data needs the personal-data grant'", replace: "and false then\n      raise exception using errcode = '42501', message = 'results: filtering on personal data needs the personal-data grant'", tests: ["tests/integration/results-access.test.ts"] },
  { id: "mig-rls-members", what: "the team_members RLS policy lets every member read every row", file: TEAM, find: "using (email = lower(auth.jwt() ->> 'email') or team.is_owner());", replace: "using (true);", tests: ["tests/integration/results-access.test.ts"] },
  { id: "mig-until", what: "the results' 'until' includes its own instant (`<` becomes `<=`)", file: REPORT, find: "format('created_at < %L', until)", replace: "format('created_at <= %L', until)", tests: ["tests/integration/results-date-range.test.ts"] },
  { id: "mig-honeypot-medical", what: "medical_form_responses accepts a filled honeypot", file: "supabase/migrations/20261123000014_update_medical_form_responses.sql", find: "medical_form_responses_website_check check (website is null) not valid", replace: "medical_form_responses_website_check check (true) not valid", tests: ["tests/integration/submit-response.test.ts"] },
  // Segments (scripts/sql/segments-sql.ts; their tests generate the SQL themselves).
  { id: "sql-segment-limit", what: "a viewer limited to a segment reads every row (team.filter_request ignores the limit)", file: "scripts/sql/team-filters-sql.ts", find: "select case when jsonb_typeof(a -> 'limit') = 'object' then", replace: "select case when false then", tests: ["tests/integration/results-segments.test.ts"] },
  { id: "sql-segment-version", what: "two members saving one segment at once both win (no version check)", file: "scripts/sql/segments-sql.ts", find: " and g.version = expected_version", replace: "", tests: ["tests/integration/results-segments.test.ts"] },
  { id: "sql-segment-personal", what: "a segment's filters are not checked on save (a personal condition without the grant)", file: "scripts/sql/segments-sql.ts", find: "    perform ${T}.filters_of(a, new.filters);", replace: "    null;", tests: ["tests/integration/results-segments.test.ts"] },
  { id: "sql-segment-base", what: "segments side by side count a respondent in a key's base once per segment", file: "scripts/sql/segment-columns-sql.ts", find: "sum(k.n) filter (where b.j = 1) as rb", replace: "sum(k.n) as rb", tests: ["tests/integration/segment-recount.test.ts"] },
  // The report.
  { id: "report-duration", what: "a duration's minutes are rounded instead of floored", file: "src/report/format.ts", find: "const whole = Math.floor(rounded / 60);", replace: "const whole = Math.round(rounded / 60);", tests: ["tests/scripts/report/format.test.ts"] },
  { id: "report-completion", what: "a channel's completion rate divides by one visit too many", file: "src/report/numbers.ts", find: "visit.submitted / visit.visits", replace: "visit.submitted / (visit.visits + 1)", tests: ["tests/scripts/report/numbers.test.ts"] },
  // Caught only in the browser.
  { id: "e2e-honeypot-db", what: "forms_estrangeiros accepts a filled honeypot (migration)", file: "supabase/migrations/20261123000013_update_forms_estrangeiros.sql", find: "forms_estrangeiros_website_check check (website is null) not valid", replace: "forms_estrangeiros_website_check check (true) not valid", tests: ["tests/e2e/honeypot.spec.ts"] },
  { id: "e2e-honeypot-tab", what: "the honeypot box is in the Tab order", file: "src/survey/honeypot-field.tsx", find: "tabIndex={-1}", replace: "tabIndex={0}", tests: ["tests/e2e/honeypot.spec.ts"] },
  // The fixture sets' specs run on the shared fixtures stack, whose migrations codegen writes when the run starts: a bug in the SQL generator reaches them.
  { id: "e2e-campaign-cap", what: "a campaign takes one response over its maximum, seen in the browser (`<` becomes `<=`)", file: "scripts/sql/campaign-sql.ts", find: "(responses < max_responses or not public_role)", replace: "(responses <= max_responses or not public_role)", tests: ["tests/e2e/campaign.spec.ts"] },
  { id: "e2e-quota-cap", what: "a quota takes one response over its maximum, seen in the browser (`<` becomes `<=`)", file: "scripts/sql/quota-sql.ts", find: "(responses < max_responses or not public_role);", replace: "(responses <= max_responses or not public_role);", tests: ["tests/e2e/campaign.spec.ts"] },
  // The free texts' theme counts in the tallies (issue 56's speed; the tests generate the SQL themselves): the inbox's rows, what a write adds.
  { id: "sql-themes-inbox", what: "themes read from the tallies forget the responses still in the inbox", file: "scripts/sql/themes-sql.ts", find: "union all select %s, p.n from (%s) p) c(family, term, word, n)", replace: "union all select %s, p.n from (%s) p where false) c(family, term, word, n)", tests: ["tests/integration/report-tallies.test.ts"] },
  { id: "sql-themes-slot", what: "the theme counts of an update overwrite the slot's count instead of adding to it", file: "scripts/sql/report-response-upkeep-sql.ts", find: "on conflict (survey_table, field, family, term, word, slot) do update set n = t.n + excluded.n)", replace: "on conflict (survey_table, field, family, term, word, slot) do update set n = excluded.n)", tests: ["tests/integration/report-tallies.test.ts"] },
  // Partial responses: a closing tab's saves arrive in any order (the tests generate the SQL themselves; the lock is seen on PostgreSQL 15 alone).
  { id: "sql-partial-order", what: "a partial save numbered below the row's overwrites it (the newest step lost)", file: "scripts/sql/partial-responses-sql.ts", find: "\n       and not ${newer(t)}", replace: "", tests: ["tests/sql/partial-responses.test.ts", "tests/sql/partial-seams.test.ts"] },
  { id: "sql-partial-lock", what: "a partial save whose row another first save committed after its update looked returns without saving (the locked re-read goes)", file: "scripts/sql/partial-responses-sql.ts", find: "      continue;\n", replace: "      return;\n", tests: ["tests/sql/partial-seams.test.ts"] },
  // A dropped FOR UPDATE (last: the race test is the slowest).
  { id: "sql-visit-lock", what: "lock_visits drops its FOR UPDATE (in the generator, which the race test's SQL comes from)", file: "scripts/sql/report-visit-upkeep-sql.ts", find: "order by s.survey_id, s.visit_id for update of s;", replace: "order by s.survey_id, s.visit_id;", tests: ["tests/integration/report-tallies-races.test.ts"] },
  // Share links (the newest team migration): what a link withholds, and which tokens it answers.
  { id: "mig-share-complement", what: "a share link withholds the small counts only, without the complementary ones", file: TEAM, find: "exit when cardinality(withheld) = 0 or (cardinality(withheld) >= 2 and total >= k);", replace: "exit when true;", tests: ["tests/integration/share-links.test.ts"] },
  { id: "mig-share-rectangle", what: "a share link's cross-tab no longer closes a rectangle round each withheld cell", file: TEAM, find: "    exit when lonely is null;", replace: "    exit;", tests: ["tests/integration/share-links.test.ts"] },
  // In the generator: the fixture survey with optional questions gets its migrations from codegen when the test starts.
  { id: "sql-share-multiple", what: "a multiple choice's option is shown although those who answered but did not choose it are a small group", file: "scripts/sql/share-views-sql.ts", find: " or answered - value::bigint between 1 and k - 1 then", replace: " then", tests: ["tests/integration/share-links.test.ts"] },
  { id: "mig-share-revoked", what: "a revoked share link still answers", file: TEAM, find: "and x.revoked_at is null and ", replace: "and ", tests: ["tests/integration/share-links.test.ts"] },
  // Caught on PostgreSQL 15 alone (PGlite's one session runs the readers one after another).
  { id: "mig-share-first-read", what: "a link's cross-tab computed by two first readers at once: the second insert fails instead of reading the first's", file: TEAM, find: "insert into team.share_views (base, name, body) values (a -> 'link' ->> 'base', view_key, kept) on conflict do nothing;", replace: "insert into team.share_views (base, name, body) values (a -> 'link' ->> 'base', view_key, kept);", tests: ["tests/integration/share-links.test.ts"] },
  // A share link's views by GET (issue 57's cost): the guard's one exception, the 304, and the axes the GET checks.
  { id: "mig-share-get-guard", what: "the API guard lets every function through by GET, not only a share link's kept view", file: LATEST_MIGRATION, find: "if called is not null and not (method = 'GET' and called = 'results_shared_kept') then", replace: "if called is not null and method <> 'GET' then", tests: ["tests/integration/share-cache.test.ts"] },
  { id: "mig-share-get-304", what: "a share link's GET ignores If-None-Match: every revalidation is answered whole", file: TEAM, find: "if exists (select from regexp_split_to_table(asked", replace: "if false and exists (select from regexp_split_to_table(asked", tests: ["tests/integration/share-cache.test.ts"] },
  { id: "mig-share-get-axes", what: "a share link's GET of a cross-tab skips the axes check (another link of its base kept it)", file: TEAM, find: "else team.share_crosstab_asked(a, row_axis, column_axis) end;", replace: "else 'crosstab' || chr(31) || least(row_axis, column_axis) || chr(31) || greatest(row_axis, column_axis) end;", tests: ["tests/integration/share-cache.test.ts"] },
];
