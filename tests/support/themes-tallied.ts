/**
 * The themes of every free text of a survey as the results site reads them
 * without filters (from report.theme_tallies plus the inbox's rows) against
 * the same read by a scan of the rows (path 'scan'): the theme counts, the
 * top terms and phrases, and a group's distinguishing terms, equal to the
 * last digit. The tallies must be the path taken (report.themes_tallied).
 */
import { expect } from "vitest";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { themesRow } from "../../src/report/themes/themes-row.ts";
import type { SqlBackend } from "./sql-backends.ts";

type Reader = Pick<SqlBackend, "query">;

/** `group`: the filters of the group the distinguishing terms are read for (a column = value). Returns how many answers were themed. */
export async function expectThemesTalliedEqualScanned(db: Reader, survey: SurveyConfig, group: Record<string, string>): Promise<number> {
  const request = numbersRequest(survey, { where: {} }, "UTC");
  const themes = JSON.stringify(themesRow(survey));
  const scan = JSON.stringify({ ...request, path: "scan" });
  const [{ tallied }] = (await db.query<{ tallied: boolean }>("select report.themes_tallied($1::jsonb, $2::jsonb) as tallied", [JSON.stringify(request), themes])) as [{ tallied: boolean }];
  expect(tallied).toBe(true);
  let answers = 0;
  for (const field of Object.keys(themesRow(survey).texts)) {
    const read = async (sql: string, body: string, ...params: unknown[]) => (await db.query<{ r: unknown }>(sql, [body, themes, field, ...params])).map(({ r }) => r);
    const counts = "select to_jsonb(c) as r from report.theme_counts($1::jsonb, $2::jsonb, $3) c order by c.family, c.term, c.word";
    const top = "select report.text_themes($1::jsonb, $2::jsonb, $3, 200) as r";
    const contrast = "select report.text_contrast($1::jsonb, $4::jsonb, $2::jsonb, $3, 200) as r";
    const groupRequest = JSON.stringify({ ...request, filters: group });
    const [talliedCounts, scannedCounts] = [await read(counts, JSON.stringify(request)), await read(counts, scan)];
    expect(talliedCounts, field).toEqual(scannedCounts);
    const [themed] = await read(top, JSON.stringify(request));
    expect(themed, field).toEqual((await read(top, scan))[0]);
    expect((await read(contrast, JSON.stringify(request), groupRequest))[0], field).toEqual((await read(contrast, scan, groupRequest))[0]);
    answers += (themed as { answers: number }).answers;
  }
  return answers;
}
