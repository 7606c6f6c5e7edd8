/** The number question's part of the survey schema, its column (the typed text), its report (a histogram) and its editor fields. */
import { ANSWER_PLACEHOLDER } from "../editor-fields.ts";
import { typedTools } from "../shared/typed-tools.ts";
import schema from "./schema.json" with { type: "json" };
import { numericReportSql } from "./report-sql.ts";

export const numberTools = /* @__PURE__ */ typedTools<"number">({
  schema,
  sample: "30",
  bench: { control: "input[type=number]", answer: (_page, question) => question.locator("input").first().fill("34") },
  seedSql: () => `(18 + floor(random() * 50))::text`,
  report: { numbers: "numeric", histogram: "binned", sql: numericReportSql, crosstab: "bins" },
  editor: { fields: [ANSWER_PLACEHOLDER], starter: {}, menuPosition: 2 },
});
