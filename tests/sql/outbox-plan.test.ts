// The outbox's migrations: none for surveys without notifications; the
// outbox and the survey's channels once it has some; only the channels when
// they change; the trigger dropped (events and log kept) when they go.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { applyMigration, emptyDbState, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations, type NewMigration } from "../../scripts/sql/plan-migrations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { FIXTURES } from "../scripts/helpers.ts";

const base: SurveyConfig = JSON.parse(readFileSync(`${FIXTURES}/valid/newsletter-form.json`, "utf8"));
const notifications = { owner: "equipe@example.com", webhooks: [{ name: "crm", url: "https://example.com/hook" }] };
const survey = (config: Partial<SurveyConfig>) => [{ file: "surveys/newsletter-form.json", config: { ...base, ...config } }];

function applied(migrations: NewMigration[]): DbState {
  const state = emptyDbState();
  for (const { name, content } of migrations) applyMigration(state, name, content);
  return state;
}
const descriptions = (migrations: NewMigration[]) => migrations.map(({ name }) => name.replace(/^\d+_/, ""));

describe("the outbox's migrations", () => {
  const without = planMigrations(survey({}), applied([])).migrations;
  const withChannels = planMigrations(survey({ notifications }), applied(without)).migrations;

  test("a survey without notifications gets no outbox at all", () => {
    // Nothing of the outbox is created (the results site's channel-state function only reads it where it exists).
    expect(descriptions(without).filter((name) => name.includes("outbox"))).toEqual([]);
    const all = without.map(({ content }) => content).join("\n");
    expect(all).not.toMatch(/create (schema|table)( if not exists)? outbox\b/i);
    expect(all).not.toContain("outbox.record_events");
  });

  test("notifications bring the outbox, then the survey's channels and its trigger; nothing more once applied", () => {
    expect(descriptions(withChannels)).toEqual(["version_newsletter_responses.sql", "outbox.sql", "outbox_newsletter_responses.sql"]);
    expect(withChannels[2]!.content).toContain("('newsletter_responses/crm', 'newsletter_responses', 'newsletter-form', 'crm', 'webhook', '{\"url\":\"https://example.com/hook\"}'::jsonb");
    expect(withChannels[2]!.content).toContain("create trigger outbox_events after insert on public.newsletter_responses referencing new table as new_rows for each statement");
    expect(planMigrations(survey({ notifications }), applied([...without, ...withChannels])).migrations).toEqual([]);
  });

  test("a changed channel rewrites only the survey's channels; removed notifications drop the trigger and keep the events", () => {
    const before = applied([...without, ...withChannels]);
    const changed = planMigrations(survey({ notifications: { ...notifications, alertAfter: 3 } }), before).migrations;
    expect(descriptions(changed)).toEqual(["version_newsletter_responses.sql", "outbox_newsletter_responses.sql"]);
    const removed = planMigrations(survey({}), before).migrations;
    expect(descriptions(removed)).toEqual(["version_newsletter_responses.sql", "outbox_newsletter_responses.sql"]);
    expect(removed[1]!.content).toContain("drop trigger if exists outbox_events on public.newsletter_responses;");
    expect(removed[0]!.content).not.toMatch(/delete|drop table/);
  });

  test("personal answers (e-mail questions, questions marked personal) are left out of a channel's payload unless it receives personal data", () => {
    const questions = [...base.questions, { id: "correo", type: "email", title: "¿Correo?", emoji: "📧", required: false }, { id: "apodo", type: "text", title: "¿Apodo?", emoji: "🙂", required: false, personal: true }] as SurveyConfig["questions"];
    const withOmit = planMigrations(survey({ questions, notifications }), applied([])).migrations.find(({ name }) => name.endsWith("_outbox_newsletter_responses.sql"))!;
    expect(withOmit.content).toMatch(/'webhook', '[^']*'::jsonb, '\{correo,apodo\}'::text\[\]/);
    const personal = { ...notifications, webhooks: [{ ...notifications.webhooks[0]!, personalData: true }] };
    const withAll = planMigrations(survey({ questions, notifications: personal }), applied([])).migrations.find(({ name }) => name.endsWith("_outbox_newsletter_responses.sql"))!;
    expect(withAll.content).toMatch(/'webhook', '[^']*'::jsonb, '\{\}'::text\[\]/);
  });
});
