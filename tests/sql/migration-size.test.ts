/**
 * Issue 35: a survey edit produces a migration the size of the change. Each
 * edit is made to foreign-form in a copy of the project, and codegen writes
 * the migration as `npm run codegen` would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { nextTimestamp } from "../../scripts/sql/migration-state.ts";
import { codegenMigrations, editForeignForm, migrationNames, scratchProject, type EditName } from "../support/survey-edits.ts";

/** The timestamp `count` seconds after that of migration file `name`. */
const nextTimestamps = (name: string, count: number): string => Array.from({ length: count }).reduce<string>((at) => nextTimestamp(at), name.slice(0, 14));

const roots: string[] = [];
const project = () => {
  const root = mkdtempSync(join(tmpdir(), "migration-size-"));
  roots.push(root);
  return scratchProject(root);
};
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const lineCount = (content: string) => content.split("\n").length - 1;
/** The statements alone, without the comment and record lines. */
const statementsOf = (content: string) => content.split("\n").filter((line) => !line.startsWith("--")).join("\n");

/** The longest run of consecutive lines that `a` and `b` share. */
function longestSharedRun(a: string, b: string): number {
  const x = a.split("\n");
  const y = b.split("\n");
  let best = 0;
  let previous = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const row = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++) if (x[i - 1] === y[j - 1]) best = Math.max(best, (row[j] = previous[j - 1]! + 1));
    previous = row;
  }
  return best;
}

describe("codegen after one edit of foreign-form", { timeout: 60_000 }, () => {
  test.each<[EditName, number, string, string[]]>([
    // Every edit is a new definition version, published in a migration of its own (its row, with its labels).
    ["one option added", 40, "-- forms_estrangeiros: genero allows new option 'Agénero'", ["version_forms_estrangeiros"]],
    // A new question changes what the report's tallies count and what the results site may filter on: each is made again in a migration of its own.
    ["one question added with a condition", 60, "-- forms_estrangeiros: new column consultorio (text, optional, asked when empreender = 'Sí, un poco')", ["version_forms_estrangeiros", "tallies_forms_estrangeiros", "team_forms_estrangeiros"]],
    ["a maxResponses set", 40, "-- forms_estrangeiros: campaign maxResponses none → 500", ["version_forms_estrangeiros"]],
  ])("%s: one migration of at most %i lines, opening with the change (then the new version's, and the tallies' when they count differently)", async (edit, limit, opening, more) => {
    const scratch = project();
    editForeignForm(scratch.surveys, edit);
    const written = await codegenMigrations(scratch);
    // Named after the last migration written so far, whatever other branches added.
    const next = (offset: number) => nextTimestamps(migrationNames(scratch).filter((name) => !written.some((w) => w.name === name)).at(-1)!, offset);
    expect(written.map(({ name }) => name)).toEqual(["update_forms_estrangeiros", ...more].map((what, index) => `${next(index + 1)}_${what}.sql`));
    expect(lineCount(written[0]!.content)).toBeLessThanOrEqual(limit);
    expect(written[0]!.content.split("\n")[0]).toBe(opening);
    const openings = {
      tallies: "-- forms_estrangeiros: the report's tallies made again for the survey as it is now (its questions, hidden fields, endings, languages or time zone changed, or how they are counted), counted again from the rows",
      team: "-- foreign-form: what the results site reads (its report request, personal columns, filters)",
      version: /^-- forms_estrangeiros: definition version [0-9a-f]{16} published, with its labels$/,
    };
    for (const followUp of written.slice(1)) {
      expect(lineCount(followUp.content)).toBeLessThanOrEqual(30);
      expect(followUp.content.split("\n")[0]).toMatch(followUp.name.includes("_tallies_") ? openings.tallies : followUp.name.includes("_version_") ? openings.version : openings.team);
    }
  });

  test("an option's label renamed: no table changes, only the new version's row with its labels", async () => {
    const scratch = project();
    editForeignForm(scratch.surveys, "an option's label renamed");
    const written = await codegenMigrations(scratch);
    expect(written.map(({ name }) => name.replace(/^\d+_/, ""))).toEqual(["version_forms_estrangeiros.sql"]);
    expect(lineCount(written[0]!.content)).toBeLessThanOrEqual(8);
    expect(statementsOf(written[0]!.content)).not.toMatch(/create|alter|drop/);
  });

  test("only what changed: no policy, grant, trigger or campaign for a new option; no check for a new limit", async () => {
    const scratch = project();
    editForeignForm(scratch.surveys, "one option added");
    const [option] = await codegenMigrations(scratch);
    expect(statementsOf(option!.content)).not.toMatch(/policy|grant|trigger|campaign|add column/);
    expect(statementsOf(option!.content).match(/add constraint/g)).toHaveLength(1);
    editForeignForm(scratch.surveys, "a maxResponses set");
    const [limit] = await codegenMigrations(scratch);
    expect(statementsOf(limit!.content)).not.toMatch(/constraint|policy|grant|trigger/);
  });
});

test("no two migrations written from now on share a run of more than 10 identical lines", { timeout: 120_000 }, async () => {
  const scratch = project();
  const written = [];
  for (const edit of ["one option added", "one question added with a condition", "a maxResponses set", "an option's label renamed"] as const) {
    editForeignForm(scratch.surveys, edit);
    written.push(...(await codegenMigrations(scratch)));
  }
  // One per edit that changes a table (a label renamed changes none), each edit's new version, and for the new question the tallies' and the results site's survey row.
  expect(written.map(({ name }) => name.replace(/^\d+_/, ""))).toEqual(["update_forms_estrangeiros.sql", "version_forms_estrangeiros.sql", "update_forms_estrangeiros.sql", "version_forms_estrangeiros.sql", "tallies_forms_estrangeiros.sql", "team_forms_estrangeiros.sql", "update_forms_estrangeiros.sql", "version_forms_estrangeiros.sql", "version_forms_estrangeiros.sql"]);
  for (const [i, a] of written.entries()) {
    for (const b of written.slice(i + 1)) expect(longestSharedRun(a.content, b.content), `${a.name} and ${b.name}`).toBeLessThanOrEqual(10);
  }
});
