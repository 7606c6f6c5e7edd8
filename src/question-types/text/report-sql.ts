/** Text numbers in SQL: how many typed something, and the newest texts. */
import { newestTextsSql, reportFunction } from "../shared/report-sql.ts";

export const textReportSql = reportFunction("text_numbers", `select ${newestTextsSql(2)}`);
