/** The text question's part of the survey schema, its column (a text), its report (the newest texts) and its editor fields. */
import { ANSWER_PLACEHOLDER } from "../editor-fields.ts";
import { textSeedSql, typedTools } from "../shared/typed-tools.ts";
import schema from "./schema.json" with { type: "json" };
import { textReportSql } from "./report-sql.ts";

/** What the bench types into a text question (and, key by key, into the first one). */
export const TYPED_NAME = "Maria Jose Perez Gonzalez de la Cruz";

export const textTools = /* @__PURE__ */ typedTools<"text">({
  schema,
  sample: "Respuesta",
  seedSql: textSeedSql,
  bench: { control: "input[type=text]", answer: (_page, question) => question.locator("input").first().fill(TYPED_NAME) },
  report: { numbers: "text", sql: textReportSql },
  editor: { fields: [ANSWER_PLACEHOLDER], starter: {}, menuPosition: 0 },
});
