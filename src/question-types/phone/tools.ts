/** The phone question's part of the survey schema, its column (E.164, checked by its pattern), its report (the newest numbers) and its editor fields. */
import { E164_PATTERN } from "./e164.ts";
import { ANSWER_PLACEHOLDER } from "../editor-fields.ts";
import { sqlLiteral, textSql } from "../shared/sql.ts";
import type { QuestionTools } from "../types.ts";
import schema from "./schema.json" with { type: "json" };

export const phoneTools = {
  schema,
  fileErrors: () => [],
  optionValues: () => undefined,
  column: (_question, c) => ({ checks: [`${c} ~ ${sqlLiteral(E164_PATTERN)}`], present: `${c} is not null` }),
  sql: textSql,
  rowSchema: () => ({ type: "string", pattern: E164_PATTERN }),
  sampleAnswer: () => "+5511987654321",
  seedSql: (question) => (question.required ? `'+55119' || lpad((g.i % 100000000)::text, 8, '0')` : `case when random() < 0.5 then '+55119' || lpad((g.i % 100000000)::text, 8, '0') end`),
  bench: { control: "input[type=tel]", answer: (_page, question) => question.locator("input").first().fill("11 98765-4321") },
  messages: ["phoneInvalid"],
  report: { numbers: "text" },
  editor: {
    fields: [{ kind: "textField", key: "defaultCountry", label: { "pt-BR": "País dos números digitados sem +código (BR, AR…)", es: "País de los números escritos sin +código (BR, AR…)", en: "Country of numbers typed without +code (BR, AR…)" } }, ANSWER_PLACEHOLDER],
    starter: { defaultCountry: "BR" },
    menuPosition: 10,
  },
} satisfies QuestionTools<"phone">;
