/**
 * The CSV through DATABASE_URL: PostgreSQL writes it (COPY … TO STDOUT,
 * through psql) and the rows go straight from psql's output to the file, so
 * Node holds one chunk at a time whatever the number of rows. The SELECT
 * writes every cell as csv.ts does for rows read through the API (the same
 * columns, lists joined with "; ", one 0/1 column per option, times as
 * PostgREST writes them, formulas prefixed by ' as csv-stringify does), so
 * the two files are byte for byte the same.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { storedFields, type StoredField } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { sqlLiteral } from "../sql/sql-text.ts";
import { ReadError, type ReadFilters } from "./read-rows.ts";

/** What csv-stringify's escape_formulas prefixes with ': = + - @, tab, carriage return and their full-width forms. */
const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"];

/** A text cell: empty (not "") when null or blank, as csv-stringify writes an empty string; guarded against formulas. */
const textCell = (sql: string) => `nullif(case when left(${sql}, 1) = any (array[${FORMULA_STARTS.map(sqlLiteral).join(", ")}]) then '''' || ${sql} else ${sql} end, '')`;

function cellSql(field: StoredField): string {
  const c = `"${field.column}"`;
  if (field.kind === "integer") return `${c}::text`;
  if (field.kind === "list") return textCell(`array_to_string(${c}, '; ')`);
  // A matrix's answer as "row: column; …", in the order the API hands its object over.
  if (field.kind === "map") return textCell(`(select string_agg(e.key || ': ' || e.value, '; ') from jsonb_each_text(${c}) e)`);
  return textCell(`${c}::text`);
}

/** The CSV's SELECT: csv.ts's columns, the rows the report reads (--since, --where), in id order as the API's pages. */
export function csvSelect(config: SurveyConfig, filters: ReadFilters): string {
  const cells = ["id::text as id", `to_json(created_at) #>> '{}' as created_at`];
  for (const field of storedFields(config)) {
    cells.push(`${cellSql(field)} as "${field.column}"`);
    const { question } = field;
    if (field.kind !== "list" || !question || field.id !== question.id) continue;
    for (const value of toolsOf(question).optionValues(question) ?? []) {
      cells.push(`case when "${field.column}" @> array[${sqlLiteral(value)}] then 1 else 0 end as "${`${field.column}/${value}`.replaceAll('"', '""')}"`);
    }
  }
  const where = [
    ...(filters.since ? [`created_at >= ${sqlLiteral(filters.since)}::timestamptz`] : []),
    ...Object.entries(filters.where).map(([column, value]) => `"${column}" = ${sqlLiteral(value)}`),
  ];
  return `select ${cells.join(",\n  ")}\nfrom public."${config.table}"${where.length ? `\nwhere ${where.join(" and ")}` : ""}\norder by id`;
}

/** Writes the CSV (BOM first) to `path`; `onChunk` hears how many records each chunk of output ended. */
export async function copyCsv(databaseUrl: string, config: SurveyConfig, filters: ReadFilters, path: string, onChunk: (records: number) => void, signal?: AbortSignal): Promise<void> {
  const file = createWriteStream(path);
  file.write("\uFEFF");
  const child = spawn("psql", ["--no-psqlrc", "--quiet", "--no-password", "--set=ON_ERROR_STOP=1", `--dbname=${databaseUrl}`], { env: { PGCONNECT_TIMEOUT: "10", ...process.env }, signal });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdout.on("data", (chunk: Buffer) => {
    let records = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) records += 1;
    onChunk(records);
  });
  const finished = once(file, "finish");
  child.stdout.pipe(file);
  // Times as PostgREST writes them (to_json, in UTC).
  child.stdin.end(`set time zone 'UTC';\n\\copy (${csvSelect(config, filters).replaceAll("\n", " ")}) to stdout with (format csv, header)\n`);
  const [code] = (await once(child, "close")) as [number | null];
  await finished;
  if (code !== 0) throw new ReadError(`[report] the CSV through DATABASE_URL failed: ${stderr.trim() || `psql exited with code ${code}`}`);
}
