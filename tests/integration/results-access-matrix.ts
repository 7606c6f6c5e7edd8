/**
 * The access rules as a table, read like the roles in docs/equipe/resultados.md:
 * for each request, what each principal gets (the HTTP status, and for a
 * success how many rows or which answer). 401 is PostgREST refusing anon or
 * a token it does not accept (expired, signed with another secret); 403 a
 * signed-in user the database refuses (no privilege, or results: 42501);
 * 400 a request the database checks and rejects (an insert without a
 * valid row: the right to insert is the respondents').
 */
export const PRINCIPALS = ["anon", "stranger", "viewer", "analyst", "personal", "personalAal1", "owner", "expired", "otherSecret"] as const;
export type Principal = (typeof PRINCIPALS)[number];

export interface Cell {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  outcome: (status: number, text: string) => string;
  expect: Record<Principal, string>;
}

const MEMBERS = ["viewer", "analyst", "personal", "personalAal1", "owner"] as const;

/** anon's answer, every signed-in principal's (then per member where they differ), and the bad tokens' 401. */
function rule(anon: string, signedIn: string, members: Partial<Record<(typeof MEMBERS)[number], string>> = {}): Record<Principal, string> {
  return { anon, stranger: signedIn, ...Object.fromEntries(MEMBERS.map((m) => [m, members[m] ?? signedIn])), expired: "401", otherSecret: "401" } as Record<Principal, string>;
}

const rowsOf = (status: number, text: string) => (status === 200 ? `200 rows:${(JSON.parse(text) as unknown[]).length}` : String(status));
const statusOf = (status: number) => String(status);

/** What an rpc answered: null, a member's role, numbers (or that a viewer's view is too small for them), a page of rows, the members. */
function rpcOf(status: number, text: string): string {
  if (status !== 200) return String(status);
  const value = JSON.parse(text) as unknown;
  if (value === null) return "200 null";
  if (Array.isArray(value)) return `200 members:${value.length}`;
  const object = value as Record<string, unknown>;
  if (Array.isArray(object.rows)) return `200 rows:${object.rows.length}`;
  if ("responses" in object) return "200 numbers";
  if ("cells" in object) return "200 crosstab";
  if ("terms" in object) return "200 terms";
  if ("rawTotal" in object) return "200 other texts";
  if ("belowMinimumGroup" in object) return "200 too few";
  if ("role" in object) return `200 me:${String(object.role)}`;
  return "200 other";
}

const tableCells = (table: string, key: string, profile?: string): Cell[] => {
  const read: Record<string, string> = profile ? { "accept-profile": profile } : {};
  const write: Record<string, string> = profile ? { "content-profile": profile, prefer: "return=minimal" } : { prefer: "return=minimal" };
  const denied = rule("401", "403");
  return [
    { name: `${table} select`, method: "GET", path: `/${table}?select=*`, headers: read, outcome: rowsOf, expect: denied },
    // The respondents' right: the insert passes the privilege and fails the row's checks.
    { name: `${table} insert`, method: "POST", path: `/${table}`, body: {}, headers: write, outcome: statusOf, expect: profile ? denied : rule("400", "400") },
    { name: `${table} update`, method: "PATCH", path: `/${table}?${key}=not.is.null`, body: { [key]: null }, headers: write, outcome: statusOf, expect: denied },
    { name: `${table} delete`, method: "DELETE", path: `/${table}?${key}=not.is.null`, headers: write, outcome: statusOf, expect: denied },
  ];
};

const rpcCell = (name: string, fn: string, body: object, expect: Record<Principal, string>, profile?: string): Cell => ({
  name: `rpc ${name}`, method: "POST", path: `/rpc/${fn}`, body, headers: profile ? { "content-profile": profile } : {}, outcome: rpcOf, expect,
});

const analysts = { viewer: "403" } as const;

export const ACCESS_MATRIX: Cell[] = [
  ...tableCells("medical_form_responses", "id"),
  ...tableCells("forms_estrangeiros", "id"),
  ...tableCells("visit_events", "visit_id"),
  ...tableCells("tallies", "survey_table", "report"),
  ...tableCells("visit_tallies", "survey_id", "report"),
  ...tableCells("day_tallies", "survey_table", "report"),
  // Members read their own row; an owner reads every row; nobody writes them but through the owners' functions.
  { name: "team_members select", method: "GET", path: "/team_members?select=*", outcome: rowsOf, expect: rule("401", "200 rows:0", { viewer: "200 rows:1", analyst: "200 rows:1", personal: "200 rows:1", personalAal1: "200 rows:1", owner: "200 rows:4" }) },
  { name: "team_members insert", method: "POST", path: "/team_members", body: { email: "me@equipe.test", role: "owner" }, headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "403") },
  { name: "team_members update", method: "PATCH", path: "/team_members?email=not.is.null", body: { role: "owner", personal: true }, headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "403") },
  { name: "team_members delete", method: "DELETE", path: "/team_members?email=not.is.null", headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "403") },
  // The log of the team's changes: owners read it (the four members the setup added); nobody but service_role writes, changes or deletes a line.
  { name: "team_member_log select", method: "GET", path: "/team_member_log?select=*", outcome: rowsOf, expect: rule("401", "200 rows:0", { owner: "200 rows:4" }) },
  { name: "team_member_log insert", method: "POST", path: "/team_member_log", body: { actor: "me", member: "me@equipe.test", action: "added" }, headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "403") },
  { name: "team_member_log update", method: "PATCH", path: "/team_member_log?id=not.is.null", body: { actor: "me" }, headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "403") },
  { name: "team_member_log delete", method: "DELETE", path: "/team_member_log?id=not.is.null", headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "403") },
  rpcCell("results_member_log", "results_member_log", {}, rule("401", "403", { owner: "200 members:4" })),
  // team.surveys lives in a schema PostgREST does not expose.
  { name: "team.surveys select", method: "GET", path: "/surveys?select=*", headers: { "accept-profile": "team" }, outcome: rowsOf, expect: rule("406", "406") },
  rpcCell("results_me", "results_me", {}, rule("401", "200 null", { viewer: "200 me:viewer", analyst: "200 me:analyst", personal: "200 me:analyst", personalAal1: "200 me:analyst", owner: "200 me:owner" })),
  rpcCell("results_numbers", "results_numbers", { survey: "medical-form" }, rule("401", "403", { viewer: "200 too few", analyst: "200 numbers", personal: "200 numbers", personalAal1: "200 numbers", owner: "200 numbers" })),
  rpcCell("results_responses", "results_responses", { survey: "foreign-form" }, rule("401", "403", { ...analysts, analyst: "200 rows:3", personal: "200 rows:3", personalAal1: "200 rows:3", owner: "200 rows:3" })),
  rpcCell("results_response", "results_response", { survey: "foreign-form", response_id: "00000000-0000-4000-8000-000000000000" }, rule("401", "403", { ...analysts, analyst: "200 null", personal: "200 null", personalAal1: "200 null", owner: "200 null" })),
  rpcCell("results_members", "results_members", {}, rule("401", "403", { owner: "200 members:4" })),
  rpcCell("results_remove_member (the last owner)", "results_remove_member", { member_email: "owner@equipe.test" }, rule("401", "403", { owner: "400" })),
  rpcCell("results_set_member", "results_set_member", { member_email: "added@equipe.test", member_role: "viewer" }, rule("401", "403", { owner: "204" })),
  rpcCell("results_crosstab", "results_crosstab", { survey: "medical-form", row_axis: "cidade", column_axis: "empreender" }, rule("401", "403", { viewer: "200 too few", analyst: "200 crosstab", personal: "200 crosstab", personalAal1: "200 crosstab", owner: "200 crosstab" })),
  // A survey without partial responses: members are told so (22023), others refused first.
  rpcCell("results_partial_numbers", "results_partial_numbers", { survey: "medical-form" }, rule("401", "403", { viewer: "400", analyst: "400", personal: "400", personalAal1: "400", owner: "400" })),
  // Owners only: no shipped survey has notification channels, so an owner reads an empty list.
  { ...rpcCell("results_channel_state", "results_channel_state", { survey: "medical-form" }, rule("401", "403", { owner: "200 channels:0" })), outcome: (status, text) => (status === 200 ? `200 channels:${(JSON.parse(text) as unknown[]).length}` : String(status)) },
  // Segments (segments-sql.ts): members read them (none here); a write is the caller's own and checked (an unknown filter: 400), a stranger refused first.
  { name: "team_segments select", method: "GET", path: "/team_segments?select=*", outcome: rowsOf, expect: rule("401", "200 rows:0") },
  { name: "team_segments insert", method: "POST", path: "/team_segments", body: { survey_id: "medical-form", name: "x", filters: { country: "x" } }, headers: { prefer: "return=minimal" }, outcome: statusOf, expect: { ...rule("401", "400"), stranger: "403" } },
  { name: "team_segments update", method: "PATCH", path: "/team_segments?id=not.is.null", body: { name: "y" }, headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "204") },
  { name: "team_segments delete", method: "DELETE", path: "/team_segments?id=not.is.null", headers: { prefer: "return=minimal" }, outcome: statusOf, expect: rule("401", "204") },
  rpcCell("results_segments", "results_segments", { survey: "medical-form" }, rule("401", "200 members:0")),
  rpcCell("results_save_segment (an unknown filter)", "results_save_segment", { survey: "medical-form", segment_name: "x", segment_filters: { country: "x" } }, { ...rule("401", "400"), stranger: "403" }),
  rpcCell("results_delete_segment (no such segment)", "results_delete_segment", { segment_id: "00000000-0000-4000-8000-000000000000" }, rule("401", "400")),
  rpcCell("results_segment_count", "results_segment_count", { survey: "medical-form" }, rule("401", "403", { viewer: "200 too few", analyst: "200 me:analyst", personal: "200 me:analyst", personalAal1: "200 me:analyst", owner: "200 me:owner" })),
  rpcCell("results_segment_columns (none chosen)", "results_segment_columns", { survey: "medical-form", segment_ids: [] }, { ...rule("401", "400"), stranger: "403" }),
  rpcCell("results_limit_member (not a viewer)", "results_limit_member", { member_email: "nobody@equipe.test", segment_id: null }, rule("401", "403", { owner: "400" })),
  rpcCell("report.survey_numbers", "survey_numbers", { survey: { table: "medical_form_responses" } }, rule("401", "403"), "report"),
  rpcCell("report.crosstab", "crosstab", { survey: { table: "medical_form_responses" }, row_axis: { kind: "one", column: "cidade" }, column_axis: { kind: "week", column: "created_at" } }, rule("401", "403"), "report"),
  rpcCell("report.refill_all", "refill_all", {}, rule("401", "403"), "report"),
  // Themes: any member (a viewer's view of 3 answers is too small), keyword in context and the "other" texts an analyst's, nomeCompleto personal.
  rpcCell("results_themes", "results_themes", { survey: "medical-form", field: "sonhoCarreira" }, rule("401", "403", { viewer: "200 too few", analyst: "200 terms", personal: "200 terms", personalAal1: "200 terms", owner: "200 terms" })),
  rpcCell("results_themes (a personal text)", "results_themes", { survey: "medical-form", field: "nomeCompleto" }, rule("401", "403", { personal: "200 terms", personalAal1: "200 terms" })),
  rpcCell("results_theme_answers", "results_theme_answers", { survey: "medical-form", field: "sonhoCarreira", term: "respuest" }, rule("401", "403", { analyst: "200 rows:3", personal: "200 rows:3", personalAal1: "200 rows:3", owner: "200 rows:3" })),
  rpcCell("results_other_texts", "results_other_texts", { survey: "medical-form", field: "generoOutro" }, rule("401", "403", { analyst: "200 other texts", personal: "200 other texts", personalAal1: "200 other texts", owner: "200 other texts" })),
  rpcCell("results_code_other (a viewer may not)", "results_code_other", { survey: "medical-form", field: "generoOutro", text_key: "x", code: null }, rule("401", "403", { analyst: "200 other", personal: "200 other", personalAal1: "200 other", owner: "200 other" })),
  // The published versions of the definition, to filter by: every member, whole (they tell nothing of the answers).
  rpcCell("results_versions", "results_versions", { survey: "medical-form" }, rule("401", "403", { viewer: "200 members:1", analyst: "200 members:1", personal: "200 members:1", personalAal1: "200 members:1", owner: "200 members:1" })),
  rpcCell("report.text_themes", "text_themes", { survey: { table: "medical_form_responses" }, themes: {}, field: "x" }, rule("401", "403"), "report"),
  rpcCell("report.coded_others", "coded_others", { survey: { table: "medical_form_responses", surveyId: "medical-form" }, texts: {} }, rule("401", "403"), "report"),
];
