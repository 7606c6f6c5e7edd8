/** The textarea question's part of the survey schema, its column (a text), its report (the newest texts) and its editor fields. */
import { ANSWER_PLACEHOLDER } from "../editor-fields.ts";
import { textSeedSql, typedTools } from "../shared/typed-tools.ts";
import schema from "./schema.json" with { type: "json" };
import { textReportSql } from "../text/report-sql.ts";

export const textareaTools = /* @__PURE__ */ typedTools<"textarea">({
  schema,
  sample: "Respuesta",
  seedSql: textSeedSql,
  bench: {
    control: "textarea",
    async answer(page, question) {
      await question.locator("textarea").fill("Respuesta de prueba del benchmark.");
      // Enter in a textarea is a new line: move on with Enter on the Next button, as a keyboard user does.
      await page.locator(".navigation-buttons button").last().focus();
    },
  },
  report: { numbers: "text", sql: textReportSql },
  editor: { fields: [ANSWER_PLACEHOLDER], starter: {}, menuPosition: 1 },
});
