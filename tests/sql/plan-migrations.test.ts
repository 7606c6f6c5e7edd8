import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { applyMigration, emptyDbState, nextTimestamp, type DbState, type TableState } from "../../scripts/sql/migration-state.ts";
import { columnTypeErrors, planMigrations, type NewMigration } from "../../scripts/sql/plan-migrations.ts";
import type { Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { FIXTURES } from "../scripts/helpers.ts";

const base: SurveyConfig = JSON.parse(readFileSync(`${FIXTURES}/valid/newsletter-form.json`, "utf8"));
const slider = { id: "interes", type: "slider", title: "¿Cuánto?", emoji: "📊", required: true, min: 1, max: 10, default: 5, minLabel: "1", maxLabel: "10" } as const;
const survey = (questions: Question[]) => [{ file: "surveys/newsletter-form.json", config: { ...base, questions } }];

/** The state after applying `migrations`, as readDbState folds them from disk. */
function applied(migrations: NewMigration[]): DbState {
  const state = emptyDbState();
  for (const { name, content } of migrations) applyMigration(state, name, content);
  return state;
}

const [email, canal] = base.questions as [Question, Question & { type: "radio"; options: string[] }];
const initial = planMigrations(survey([email, canal, slider]), applied([])).migrations;
const next = (questions: Question[]) => planMigrations(survey(questions), applied(initial));
const checkOf = (content: string, column: string) => content.match(new RegExp(`add constraint newsletter_responses_${column}_check check \\((.*)\\) not valid;`))?.[1];

describe("planMigrations", () => {
  test("creates the API guard first, then one table per survey, the report's functions, each table's definition version, then each table's tallies, the team's functions and each survey's row for them", () => {
    expect(initial.map((m) => m.name)).toEqual(["20261123000000_api_guard.sql", "20261123000001_create_newsletter_responses.sql", "20261123000002_visit_events.sql", "20261123000003_report.sql", "20261123000004_version_guard.sql", "20261123000005_version_newsletter_responses.sql", "20261123000006_tallies_newsletter_responses.sql", "20261123000007_team.sql", "20261123000008_themes.sql", "20261123000009_team_newsletter_responses.sql"]);
    expect(initial[2]!.content).toContain("check (survey_id in ('newsletter-form')) not valid;");
  });

  test("replaces the visit events' check of survey ids when the surveys that record visits change, and only then", () => {
    const added = [...survey([email, canal, slider]), { file: "surveys/quiz.json", config: { ...survey([email])[0]!.config, id: "quiz", route: "/quiz", table: "quiz_responses" } }];
    const withQuiz = planMigrations(added, applied(initial)).migrations;
    expect(withQuiz.map((m) => m.name)).toEqual(["20261123000010_create_quiz_responses.sql", "20261123000011_visit_events.sql", "20261123000012_version_quiz_responses.sql", "20261123000013_tallies_quiz_responses.sql", "20261123000014_team_quiz_responses.sql"]);
    expect(withQuiz[1]!.content.split("\n")[0]).toBe("-- visit_events: visits of 'quiz' recorded too");
    expect(withQuiz[1]!.content).not.toContain("create table");
    expect(withQuiz[1]!.content).toContain("check (survey_id in ('newsletter-form', 'quiz')) not valid;");
    expect(planMigrations(added, applied([...initial, ...withQuiz])).migrations).toEqual([]);
    const switchedOff = planMigrations([{ ...added[0]!, config: { ...added[0]!.config, visitEvents: false } }, added[1]!], applied([...initial, ...withQuiz])).migrations;
    expect(switchedOff.map((m) => m.name)).toEqual(["20261123000015_visit_events.sql", "20261123000016_version_newsletter_responses.sql"]);
    expect(switchedOff[0]!.content).toContain("check (survey_id in ('quiz')) not valid;");
    expect(switchedOff[0]!.content.split("\n")[0]).toBe("-- visit_events: visits of 'newsletter-form' no longer recorded (their rows stay)");
  });

  test("plans nothing when the migrations already match the surveys", () => {
    expect(next([email, canal, slider])).toEqual({ migrations: [], warnings: [] });
  });

  test("a label-only rename ({value, label}) changes no table: the stored value is the same; only the new definition version is published, with its labels", () => {
    const renamed = { ...canal, options: [{ value: "Instagram", label: "Por Instagram" }, "Un amigo", "Otro"] } as Question;
    const { migrations } = next([email, renamed, slider]);
    expect(migrations.map((m) => m.name)).toEqual(["20261123000010_version_newsletter_responses.sql"]);
    expect(migrations[0]!.content).toContain('"Instagram":"Por Instagram"');
    expect(migrations[0]!.content).toContain("on conflict (survey_table, version) do nothing;");
    expect(migrations[0]!.content).not.toMatch(/create|alter/);
  });

  test("a new option widens the check in a new migration; a removed option stays allowed for old rows", () => {
    const changed = { ...canal, options: ["Un amigo", "Otro", "TikTok"] } as Question;
    const [migration] = next([email, changed, slider]).migrations;
    expect(migration!.name).toBe("20261123000010_update_newsletter_responses.sql");
    expect(checkOf(migration!.content, "canal")).toContain("canal = any (array['Instagram', 'Un amigo', 'Otro', 'TikTok']::text[])");
  });

  test("a changed slider range replaces its check without validating old rows first", () => {
    const [migration] = next([email, canal, { ...slider, min: 0 }]).migrations;
    expect(checkOf(migration!.content, "interes")).toBe("(interes between 0 and 10) and (interes is not null)");
  });

  test("keeps a removed column and warns; its constraint is no longer wanted", () => {
    const { migrations, warnings } = next([canal, slider]);
    expect(warnings).toEqual(["newsletter_responses.email stays in the database although surveys/newsletter-form.json no longer has it (columns are never dropped automatically)"]);
    expect(migrations[0]!.content).not.toContain("drop column");
    expect(checkOf(migrations[0]!.content, "email")).toBeUndefined();
    expect(migrations[0]!.content).toContain("alter table public.newsletter_responses drop constraint if exists newsletter_responses_email_check;");
  });

  test("a later migration holds the change alone: no policy, grant or campaign when an option is added", () => {
    const [migration] = next([email, { ...canal, options: [...canal.options, "TikTok"] } as Question, slider]).migrations;
    expect(migration!.content.startsWith("-- newsletter_responses: canal allows new option 'TikTok'\n")).toBe(true);
    expect(migration!.content).not.toMatch(/create policy|grant |campaigns/);
  });

  test("a required question is required by its check, so that old rows without it are spared", () => {
    const { content } = next([email, canal, slider, { ...email, id: "telefono" }]).migrations[0]!;
    expect(content).toContain("alter table public.newsletter_responses add column if not exists telefono text;");
    expect(checkOf(content, "telefono")).toBe("(char_length(telefono) <= 2000) and (telefono is not null and btrim(telefono, E' \\t\\r\\n') <> '')");
  });

  describe("when the generator itself changed what it writes for a table", () => {
    const plannedAfter = (change: (table: TableState) => void) => {
      const state = applied(initial);
      change(state.tables.get("newsletter_responses")!);
      const { migrations } = planMigrations(survey([email, canal, slider]), state);
      expect(migrations.map((m) => m.name)).toEqual(["20261123000010_update_newsletter_responses.sql"]);
      expect(planMigrations(survey([email, canal, slider]), applied([...initial, ...migrations])).migrations).toEqual([]);
      return migrations[0]!.content;
    };

    test("only the policies, grants and triggers changed: they alone are written again, saying so", () => {
      const content = plannedAfter((table) => (table.parts!.access = "an-older-one"));
      expect(content.split("\n")[0]).toBe("-- newsletter_responses: its policies, grants, triggers and the report's index written again (scripts/sql changed them)");
      expect(content).toContain("create policy newsletter_responses_insert_anon");
      expect(content).not.toMatch(/add constraint|add column|campaigns/);
    });

    test("only the campaign's SQL changed: the campaign and its triggers alone are written again", () => {
      const content = plannedAfter((table) => (table.parts!.campaign = "an-older-one"));
      expect(content).toContain("create trigger campaign_gate");
      expect(content).not.toMatch(/add constraint|create policy/);
    });

    test.each<[string, (table: TableState) => void]>([
      ["its checks' SQL changed", (table) => (table.parts!.checks = "an-older-one")],
      ["an older migration, which recorded neither campaign nor parts, is not what it writes now", (table) => Object.assign(table, { sql: "an-older-one", campaign: undefined, parts: undefined })],
    ])("%s: the table is converged in full again, saying so", (_, change) => {
      const content = plannedAfter(change);
      expect(content.split("\n")[0]).toBe("-- newsletter_responses: converged in full again (what scripts/sql generates for it changed, or an older migration did not record its campaign)");
      expect(content).toContain("create policy newsletter_responses_insert_anon");
      expect(content).toContain("add constraint newsletter_responses_email_check");
    });
  });
});

describe("columnTypeErrors", () => {
  test("refuses a question whose column would change type, saying why and what to do", () => {
    const retyped = { ...canal, type: "checkbox" } as Question;
    const [error] = columnTypeErrors(survey([email, retyped, slider]), applied(initial));
    expect(error).toEqual({
      file: "surveys/newsletter-form.json",
      pointer: "/questions/1/type",
      message: expect.stringContaining('"canal" is now a checkbox question, stored as text[], but its column newsletter_responses.canal already holds text answers from the migrations'),
    });
    expect(error!.message).toContain('Give the question a new id (a new column), or convert the column in a hand-written migration supabase/migrations/<timestamp>_convert_newsletter_responses_canal.sql ending with the line -- codegen: {"table":"newsletter_responses","column":"canal","type":"text[]"}');
  });

  test("accepts the change once a hand-written migration converted the column", () => {
    const retyped = { ...canal, type: "checkbox" } as Question;
    const state = applied([...initial, { name: "20261124000000_convert_newsletter_responses_canal.sql", content: '-- codegen: {"table":"newsletter_responses","column":"canal","type":"text[]"}\nalter table …;' }]);
    expect(columnTypeErrors(survey([email, retyped, slider]), state)).toEqual([]);
  });
});

test("nextTimestamp counts seconds across minute and day boundaries", () => {
  expect(nextTimestamp(undefined)).toBe("20261123000000");
  expect(nextTimestamp("20261121000059")).toBe("20261121000100");
  expect(nextTimestamp("20261231235959")).toBe("20270101000000");
});
