// db:check's registry of what one response per person, the bot check and the
// quality flags add (scripts/sql/feature-objects.ts): each survey expects
// what its settings create, and a survey with none of them nothing more.
import { describe, expect, test } from "vitest";
import { expectedDatabase } from "../../scripts/sql/expected-database.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { onceSurveys } from "../support/once-surveys.ts";

describe("db:check's expectations for once, bot check and quality", () => {
  const expected = expectedDatabase(onceSurveys(), emptyDbState());
  const table = (name: string) => expected.tables.find((candidate) => candidate.table === name)!;
  const extra = (name: string) => {
    const { columns, triggers } = table(name);
    return { columns: columns.map((column) => column.column).filter((column) => ["once_key", "altcha", "quality"].includes(column)), triggers: triggers.filter((trigger) => ["once_gate", "bot_check", "quality_flags"].includes(trigger)) };
  };

  test("a policy expects the key column and its gate; the bot check its column and trigger; neither, nothing", () => {
    const ids = Object.fromEntries(onceSurveys().map(({ config }) => [config.id, config.table]));
    expect(extra(ids["once-browser"]!)).toEqual({ columns: ["once_key"], triggers: ["once_gate"] });
    expect(extra(ids["bot-check"]!)).toEqual({ columns: ["altcha"], triggers: ["bot_check"] });
    expect(extra(ids["no-once"]!)).toEqual({ columns: [], triggers: [] });
    expect(expected.functions).toEqual(expect.arrayContaining(["survey_private.once_gate", "survey_private.altcha_gate", "public.altcha_challenge"]));
  });
});
