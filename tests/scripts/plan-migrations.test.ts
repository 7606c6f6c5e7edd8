import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { applyMigration, emptyDbState, nextTimestamp, type DbState } from "../../scripts/lib/migration-state.ts";
import { planMigrations, type NewMigration } from "../../scripts/lib/plan-migrations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { FIXTURES } from "./helpers.ts";

const base: SurveyConfig = JSON.parse(readFileSync(`${FIXTURES}/valid/newsletter-form.json`, "utf8"));
const slider = { id: "interes", type: "slider", title: "¿Cuánto?", emoji: "📊", required: true, min: 1, max: 10, default: 5, minLabel: "1", maxLabel: "10" } as const;
const survey = (questions: SurveyConfig["questions"]) => [{ file: "surveys/newsletter-form.json", config: { ...base, questions } }];

/** The state after applying `migrations`, as readDbState folds them from disk. */
function applied(migrations: NewMigration[]): DbState {
  const state = emptyDbState();
  for (const { name, content } of migrations) applyMigration(state, name, content);
  return state;
}

const [email, canal] = base.questions;
const initial = planMigrations(survey([email!, canal!, slider]), applied([])).migrations;

describe("planMigrations", () => {
  test("creates the helper function first, then one table per survey, then the visit events table", () => {
    expect(initial.map((m) => m.name)).toEqual([
      "20261121000000_create_text_array_max_entry_length.sql",
      "20261121000001_create_newsletter_responses.sql",
      "20261121000002_visit_events.sql",
    ]);
    expect(initial[2]!.content).toContain("check (survey_id in ('newsletter-form')) not valid;");
  });

  test("repeats the idempotent visit events SQL when the surveys that record visits change, and only then", () => {
    const added = [...survey([email!, canal!, slider]), { file: "surveys/quiz.json", config: { ...base, id: "quiz", route: "/quiz", table: "quiz_responses" } }];
    const withQuiz = planMigrations(added, applied(initial)).migrations;
    expect(withQuiz.map((m) => m.name)).toEqual(["20261121000003_create_quiz_responses.sql", "20261121000004_visit_events.sql"]);
    expect(withQuiz[1]!.content).toContain("create table if not exists public.visit_events");
    expect(withQuiz[1]!.content).toContain("check (survey_id in ('newsletter-form', 'quiz')) not valid;");
    expect(planMigrations(added, applied([...initial, ...withQuiz])).migrations).toEqual([]);

    const switchedOff = planMigrations([{ ...added[0]!, config: { ...added[0]!.config, visitEvents: false } }, added[1]!], applied([...initial, ...withQuiz])).migrations;
    expect(switchedOff.map((m) => m.name)).toEqual(["20261121000005_visit_events.sql"]);
    expect(switchedOff[0]!.content).toContain("check (survey_id in ('quiz')) not valid;");
  });

  test("plans nothing when the migrations already match the surveys", () => {
    expect(planMigrations(survey([email!, canal!, slider]), applied(initial))).toEqual({ migrations: [], warnings: [] });
  });

  test("replaces the CHECK of a slider whose range changed, without validating old rows", () => {
    const [migration] = planMigrations(survey([email!, canal!, { ...slider, min: 0 }]), applied(initial)).migrations;
    expect(migration!.name).toBe("20261121000003_alter_newsletter_responses.sql");
    expect(migration!.content).toContain("alter table public.newsletter_responses drop constraint newsletter_responses_interes_check;\n"
      + "alter table public.newsletter_responses add constraint newsletter_responses_interes_check check (interes between 0 and 10) not valid;");
  });

  test("keeps a removed column, warns, and drops its NOT NULL so that inserts keep working", () => {
    const { migrations, warnings } = planMigrations(survey([canal!, slider]), applied(initial));
    expect(warnings).toEqual(["newsletter_responses.email stays in the database although surveys/newsletter-form.json no longer has it (columns are never dropped automatically)"]);
    expect(migrations[0]!.content).toContain("alter table public.newsletter_responses alter column email drop not null;");
    expect(migrations[0]!.content).not.toContain("drop column");
  });

  test("adds a new required question as a nullable column and says why", () => {
    const { content } = planMigrations(survey([email!, canal!, slider, { ...email!, id: "telefono" }]), applied(initial)).migrations[0]!;
    expect(content).toContain("-- telefono is required in the survey but added as nullable");
    expect(content).toContain("alter table public.newsletter_responses add column telefono text;");
  });

  test("warns instead of migrating a column whose type changed", () => {
    const { migrations, warnings } = planMigrations(survey([email!, canal!, { ...slider, id: "interes", type: "text" } as never]), applied(initial));
    expect(migrations).toEqual([]);
    expect(warnings[0]).toContain("newsletter_responses.interes is integer in the database but surveys/newsletter-form.json now needs text");
  });
});

test("nextTimestamp counts seconds across minute and day boundaries", () => {
  expect(nextTimestamp(undefined)).toBe("20261121000000");
  expect(nextTimestamp("20261121000059")).toBe("20261121000100");
  expect(nextTimestamp("20261231235959")).toBe("20270101000000");
});
