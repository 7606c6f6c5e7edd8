/**
 * The definition versions a survey's table published, with their labels
 * (report.definition_versions, definition-versions-sql.ts), oldest first:
 * through PostgREST with the service key (Accept-Profile: report) or
 * straight through DATABASE_URL, as read-numbers.ts reads the numbers.
 */
import { psql } from "../data-api/psql.ts";
import { REPORT_SCHEMA } from "../sql/report-sql.ts";
import { VERSIONS_TABLE } from "../sql/definition-versions-sql.ts";
import type { PublishedVersion } from "../../src/report/versions/version-comparison.ts";
import { ReadError, type DataSource } from "./read-rows.ts";

type Stored = { version: string; labels: PublishedVersion["labels"]; published_at: string };
const published = (rows: Stored[]): PublishedVersion[] => rows.map(({ version, labels, published_at }) => ({ version, labels, publishedAt: published_at.slice(0, 10) }));

export async function readVersions(source: DataSource, table: string, signal?: AbortSignal): Promise<PublishedVersion[]> {
  if (source.databaseUrl) {
    const query = `select coalesce(jsonb_agg(jsonb_build_object('version', version, 'labels', labels, 'published_at', to_char(published_at at time zone 'UTC', 'YYYY-MM-DD')) order by published_at, version), '[]') from ${VERSIONS_TABLE} where survey_table = :'tbl';`;
    const output = await psql(source.databaseUrl, ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", "--set", `tbl=${table}`], query).catch((error: Error) => {
      throw new ReadError(`[report] the published versions of ${table} failed through DATABASE_URL: ${error.message}`);
    });
    return published(JSON.parse(output) as Stored[]);
  }
  const headers = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, "accept-profile": REPORT_SCHEMA };
  const query = new URLSearchParams({ select: "version,labels,published_at", survey_table: `eq.${table}`, order: "published_at,version" });
  const response = await fetch(`${source.url}/rest/v1/definition_versions?${query}`, { headers, signal });
  if (!response.ok) throw new ReadError(`[report] the published versions of ${table} failed: ${response.status} ${await response.text()}`);
  return published((await response.json()) as Stored[]);
}
