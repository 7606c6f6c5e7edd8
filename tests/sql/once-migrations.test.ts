/**
 * The migrations of one response per person and the bot check: a survey that
 * asks for neither gets exactly the migrations it had (also with oncePer
 * "none" written out); asking for one adds the shared part once and the
 * table's part; asking for nothing any more drops the table's triggers only.
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

describe("the migrations of oncePer and botCheck", () => {
  test("a survey without them, or with oncePer none and botCheck false, gets the same migrations, byte for byte but its definition version (another text of the file)", () => {
    const withoutVersions = (migrations: NewMigration[]) => migrations.filter((migration) => !migration.name.includes("_version_"));
    expect(withoutVersions(planMigrations(survey({ oncePer: "none", botCheck: false }), emptyDbState()).migrations)).toEqual(withoutVersions(initial));
    expect(names(initial).some((name) => name.includes("once"))).toBe(false);
    expect(initial.map((migration) => migration.content).join("\n")).not.toMatch(/once_key|altcha|pgcrypto/);
  });

  test("asking for a policy adds the shared part and the table's part, then nothing more", () => {
    const browser = planMigrations(survey({ oncePer: "browser" }), applied(initial)).migrations;
    expect(names(browser)).toEqual(["once_guard.sql", "once_newsletter_responses.sql", "version_newsletter_responses.sql"]);
    expect(browser[1]!.content).toContain("execute function survey_private.once_gate('browser', '')");
    expect(planMigrations(survey({ oncePer: "browser" }), applied([...initial, ...browser])).migrations).toEqual([]);

    const withBotCheck = planMigrations(survey({ oncePer: "browser", botCheck: true }), applied([...initial, ...browser])).migrations;
    expect(names(withBotCheck)).toEqual(["once_newsletter_responses.sql", "version_newsletter_responses.sql"]);
    expect(withBotCheck[0]!.content).toContain("execute function survey_private.altcha_gate()");

    const removed = planMigrations(survey({}), applied([...initial, ...browser, ...withBotCheck])).migrations;
    expect(names(removed)).toEqual(["once_newsletter_responses.sql", "version_newsletter_responses.sql"]);
    expect(removed[0]!.content).toContain("drop trigger if exists once_gate on public.newsletter_responses;");
    expect(removed[0]!.content).not.toContain("create trigger");
    expect(planMigrations(survey({}), applied([...initial, ...browser, ...withBotCheck, ...removed])).migrations).toEqual([]);
  });

  test("field names the question's column; the database writes the key from it", () => {
    const field = planMigrations(survey({ oncePer: "field", oncePerQuestion: "email" }), applied(initial)).migrations;
    expect(field.find((migration) => migration.name.endsWith("_once_newsletter_responses.sql"))!.content).toContain("once_gate('field', 'email')");
  });
});
