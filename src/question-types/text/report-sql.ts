/** Text numbers in SQL: how many typed something, and the newest texts. */
import { HAS_TEXT, type ReportSql } from "../shared/report-sql.ts";

export const textReportSql: ReportSql = { kind: "text", counters: { n: HAS_TEXT("%1$I") }, key: null, many: null, texts: "column" };

/** An address or a phone number: only how many gave one, never the contacts themselves. */
export const countReportSql: ReportSql = { kind: "count", counters: textReportSql.counters, key: null, many: null, texts: null };
