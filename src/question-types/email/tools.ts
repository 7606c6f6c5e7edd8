/** The email question's part of the survey schema, its column (the address, checked by a sane pattern), its report (the newest ones) and its editor fields. */
import { EMAIL_MAX } from "./address.ts";
import { ANSWER_PLACEHOLDER } from "../editor-fields.ts";
import { textSql } from "../shared/sql.ts";
import type { QuestionTools } from "../types.ts";
import schema from "./schema.json" with { type: "json" };

// The page's pattern (address.ts) in POSIX classes; the domain holds no capital, since the page lower-cases it.
const STORED_EMAIL = "^[^[:space:]@]+@[^[:space:]@.A-Z]+([.][^[:space:]@.A-Z]+)+$";

export const emailTools = {
  schema,
  fileErrors: () => [],
  optionValues: () => undefined,
  column: (_question, c) => ({ checks: [`char_length(${c}) <= ${EMAIL_MAX}`, `${c} ~ '${STORED_EMAIL}'`], present: `${c} is not null` }),
  sql: textSql,
  rowSchema: () => ({ type: "string", maxLength: EMAIL_MAX, pattern: STORED_EMAIL.replaceAll("[:space:]", "\\s") }),
  sampleAnswer: () => "ana.perez@ejemplo.com",
  seedSql: (question) => (question.required ? `'persona' || g.i || '@ejemplo.com'` : `case when random() < 0.5 then 'persona' || g.i || '@ejemplo.com' end`),
  bench: { control: "input[type=email]", answer: (_page, question) => question.locator("input").first().fill("ana.perez@ejemplo.com") },
  messages: ["emailInvalid"],
  report: { numbers: "text" },
  editor: { fields: [ANSWER_PLACEHOLDER], starter: {}, menuPosition: 9 },
} satisfies QuestionTools<"email">;
