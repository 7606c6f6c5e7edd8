// The CSV written by PostgreSQL through DATABASE_URL (COPY, copy-csv.ts) is
// byte for byte the CSV the report writes from rows read as JSON (csv.ts, the
// API's way), for every question type, with formulas, quotes, line breaks,
// nulls and blanks.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seedReportSql } from "../../scripts/bench/seed-report-data.ts";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { psql } from "../../scripts/data-api/psql.ts";
import { copyCsv } from "../../scripts/report/copy-csv.ts";
import { csvWriter } from "../../scripts/report/csv.ts";
import type { StoredRow } from "../../src/report/question-numbers.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import rankingMatrixFile from "../fixtures/surveys/ranking-matrix/ranking-matrix-form.json" with { type: "json" };
import { everyTypeSurvey } from "../support/surveys.ts";

let api: DataApi;
const dir = mkdtempSync(join(tmpdir(), "report-csv-copy-"));
const SURVEYS = [everyTypeSurvey, resolveSurvey(rankingMatrixFile as SurveyConfig)];

beforeAll(async () => {
  api = await startDataApi({ port: 0, dataDir: null, quiet: true });
  for (const config of SURVEYS) {
    const table = `public.${config.table}`;
    const created = planMigrations([{ file: `surveys/${config.id}.json`, config }], emptyDbState()).migrations.filter((migration) => migration.name.includes(config.table));
    for (const migration of created) await psql(api.dbUrl, ["--single-transaction"], migration.content);
    await psql(api.dbUrl, [], seedReportSql(config, { visits: 0, extraResponses: 80, seed: 0.7 }));
    // Texts a spreadsheet would run or split, in a text question.
    await psql(api.dbUrl, [], `update ${table} set ${config === everyTypeSurvey ? "comentario" : "nombre"} = case n.i % 5 when 0 then '=1+1' when 1 then 'a, "b"' || chr(10) || 'c' when 2 then '－1' when 3 then E'\\t2' else '@x' end
      from (select id as row_id, row_number() over (order by id) as i from ${table}) n where id = n.row_id`);
  }
}, 180_000);
afterAll(async () => {
  await api?.stop();
});

test.each(SURVEYS.map((config) => [config.id, config] as const))("%s: COPY through DATABASE_URL writes the same CSV as rows read as JSON", async (id, config) => {
  const json = await psql(api.dbUrl, ["--tuples-only", "--no-align"], `set time zone 'UTC'; select coalesce(json_agg(t order by id), '[]') from public.${config.table} t;`);
  const rows = JSON.parse(json) as StoredRow[];
  expect(rows.length).toBeGreaterThan(50);
  const viaJson = csvWriter(join(dir, `${id}.json.csv`), config);
  for (const row of rows) await viaJson.write(row);
  await viaJson.close();
  await copyCsv(api.dbUrl, config, { where: {} }, join(dir, `${id}.copy.csv`), () => undefined);
  const copied = readFileSync(join(dir, `${id}.copy.csv`), "utf8");
  expect(copied).toBe(readFileSync(join(dir, `${id}.json.csv`), "utf8"));
  expect(copied).toContain("'=1+1");
  expect(copied).toContain("'\uFF0D1");
});
