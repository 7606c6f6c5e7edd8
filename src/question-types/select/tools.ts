/** The select question's part of the survey schema, its column (one of its options), its report (counts) and its editor fields. */
import { PLACEHOLDER, SHUFFLE_OPTIONS } from "../editor-fields.ts";
import { choiceTools, OTHER_FIELD } from "../shared/typed-tools.ts";
import schema from "./schema.json" with { type: "json" };

export const selectTools = /* @__PURE__ */ choiceTools<"select">({
  schema,
  messages: ["selectPlaceholder"],
  editor: {
    fields: [{ kind: "textField", key: "placeholder", label: PLACEHOLDER, optional: true, fallback: "selectPlaceholder" }, { kind: "options" }, SHUFFLE_OPTIONS, OTHER_FIELD],
    starter: { options: ["1", "2"] },
    menuPosition: 4,
  },
  bench: {
    control: "[role=combobox]",
    async answer(page, question) {
      const trigger = question.locator("[role=combobox]");
      await trigger.click();
      await page.locator("[role=option]").first().click();
      await page.locator("[role=listbox]").waitFor({ state: "detached" });
      await trigger.focus();
    },
  },
});
