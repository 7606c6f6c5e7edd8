/**
 * Asking the database for a survey's numbers (report.survey_numbers, one
 * call): through PostgREST with the service key (the `report` schema, chosen
 * with Content-Profile), or straight through DATABASE_URL.
 */
import type { DataSource } from "./read-rows.ts";
import type { SqlNumbers } from "../../src/report/sql-numbers.ts";
import { callReport } from "./report-call.ts";

export const readNumbers = (source: DataSource, request: object, signal?: AbortSignal): Promise<SqlNumbers> =>
  callReport<SqlNumbers>(source, "survey_numbers", { survey: request }, "the report's numbers", signal);
