/**
 * The migrations of quality flags: a survey without `quality` gets exactly
 * the migrations it had; adding rules adds one migration for its table
 * (column, CHECK, function, trigger) and its results-site row names the
 * flags' column (its tallies are untouched), changing them rewrites it, removing
 * them drops the trigger and its function and keeps the column.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { applyMigration, emptyDbState, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations, type NewMigration } from "../../scripts/sql/plan-migrations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { FIXTURES } from "../scripts/helpers.ts";

const base: SurveyConfig = JSON.parse(readFileSync(`${FIXTURES}/valid/newsletter-form.json`, "utf8"));
const survey = (settings: Partial<SurveyConfig>) => [{ file: "surveys/newsletter-form.json", config: { ...base, ...settings } }];

function applied(migrations: NewMigration[]): DbState {
  const state = emptyDbState();
  for (const { name, content } of migrations) applyMigration(state, name, content);
  return state;
}

const initial = planMigrations(survey({}), emptyDbState()).migrations;
const names = (migrations: NewMigration[]) => migrations.map((migration) => migration.name.replace(/^\d+_/, ""));

describe("the migrations of quality flags", () => {
  test("a survey without rules gets no quality SQL at all", () => {
    expect(initial.map((migration) => migration.content).join("\n")).not.toMatch(/quality_flags|quality text/);
  });

  test("rules add the table's part, a change rewrites it, removing them drops the trigger and keeps the column", () => {
    const added = planMigrations(survey({ quality: { honeypot: true } }), applied(initial)).migrations;
    expect(names(added)).toEqual(["quality_newsletter_responses.sql", "version_newsletter_responses.sql", "team_newsletter_responses.sql"]);
    expect(added[0]!.content).toContain("add column if not exists quality text[] not null default '{}'");
    expect(added[0]!.content).toContain("create trigger quality_flags before insert on public.newsletter_responses");
    expect(planMigrations(survey({ quality: { honeypot: true } }), applied([...initial, ...added])).migrations).toEqual([]);

    const changed = planMigrations(survey({ quality: { honeypot: true, minSecondsPerQuestion: 2 } }), applied([...initial, ...added])).migrations;
    expect(names(changed)).toEqual(["quality_newsletter_responses.sql", "version_newsletter_responses.sql"]);
    expect(changed[0]!.content).toContain("answered * 2");

    const removed = planMigrations(survey({}), applied([...initial, ...added, ...changed])).migrations;
    expect(names(removed)).toEqual(["quality_newsletter_responses.sql", "version_newsletter_responses.sql", "team_newsletter_responses.sql"]);
    expect(removed[0]!.content).toContain("drop trigger if exists quality_flags");
    expect(removed[0]!.content).not.toContain("drop column");
    expect(planMigrations(survey({}), applied([...initial, ...added, ...changed, ...removed])).migrations).toEqual([]);
  });
});
