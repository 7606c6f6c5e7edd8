/** The radio question's part of the survey schema, its column (one of its options), its report (counts) and its editor fields. */
import { SHUFFLE_OPTIONS } from "../editor-fields.ts";
import { choiceTools, clickFirst, OTHER_FIELD } from "../shared/typed-tools.ts";
import schema from "./schema.json" with { type: "json" };

export const radioTools = /* @__PURE__ */ choiceTools<"radio">({
  schema,
  editor: { fields: [{ kind: "options" }, SHUFFLE_OPTIONS, OTHER_FIELD], starter: { options: ["1", "2"] }, menuPosition: 3 },
  bench: { control: "[role=radiogroup]", answer: (_page, question) => clickFirst(question.locator("[role=radio]")) },
});
