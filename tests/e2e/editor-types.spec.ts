/**
 * The editor adds each newer question type to foreign-form (on a copy of the
 * project), edits its settings with the preview following, saves, and the
 * saved file holds exactly those settings and passes validate (a radio's
 * shuffled options with an anchored "Otro" among them; two questions drawn
 * together, a shuffled block). A matrix's
 * rows and columns keep their stored values when their texts change.
 */
import type { Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { copy, editFormsOnCopy, editor, surveyFile, validationErrors } from "./support/editor-copy.ts";
import { expect, test } from "./support/test.ts";

editFormsOnCopy();

interface Case {
  type: string;
  title: string;
  id: string;
  /** Edits the type's settings in its card; checks the preview follows. */
  edit(card: Locator, preview: Locator): Promise<void>;
  /** The saved question beside id, type, title, emoji and required. */
  saved: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    type: "rating", title: "Utilidad", id: "utilidad",
    async edit(card, preview) {
      await card.getByRole("spinbutton", { name: "Points (3 to 10)" }).fill("7");
      await expect(preview.getByRole("radio", { name: "7", exact: true })).toHaveText("★");
      await card.getByRole("combobox", { name: "Look" }).selectOption("numbers");
      await card.getByRole("textbox", { name: "Text at the lowest end" }).fill("Nada útil");
      await card.getByRole("textbox", { name: "Text at the highest end" }).fill("Muy útil");
      await expect(preview.getByRole("radio", { name: "7", exact: true })).toHaveText("7");
      await expect(preview.getByText("Nada útil")).toBeVisible();
      await expect(preview.getByText("Muy útil")).toBeVisible();
    },
    saved: { points: 7, display: "numbers", minLabel: "Nada útil", maxLabel: "Muy útil" },
  },
  {
    type: "nps", title: "Recomendacion", id: "recomendacion",
    async edit(card, preview) {
      await card.getByRole("textbox", { name: "Text under 0" }).fill("Nada probable");
      await card.getByRole("textbox", { name: "Text under 10" }).fill("Muy probable");
      await expect(preview.getByRole("radio", { name: "10", exact: true })).toBeVisible();
      await expect(preview.getByText("Nada probable")).toBeVisible();
      await expect(preview.getByText("Muy probable")).toBeVisible();
    },
    saved: { minLabel: "Nada probable", maxLabel: "Muy probable" },
  },
  {
    type: "email", title: "Correo", id: "correo",
    async edit(card, preview) {
      await card.getByRole("textbox", { name: "Placeholder" }).fill("nombre@ejemplo.com");
      await expect(preview.getByPlaceholder("nombre@ejemplo.com")).toBeVisible();
    },
    saved: { placeholder: "nombre@ejemplo.com" },
  },
  {
    type: "phone", title: "Whatsapp", id: "whatsapp",
    async edit(card, preview) {
      await card.getByRole("textbox", { name: /^Country of numbers/ }).fill("AR");
      await expect(preview.locator("input[type=tel]")).toBeVisible();
    },
    saved: { defaultCountry: "AR" },
  },
  {
    type: "date", title: "Examen", id: "examen",
    async edit(card, preview) {
      const latest = card.getByRole("group", { name: "Latest date" });
      await latest.getByRole("combobox", { name: "Kind of limit: Latest date" }).selectOption("fixed");
      await latest.getByLabel("Date", { exact: true }).fill("2030-12-31");
      await expect(preview.locator("input[type=date]")).toHaveAttribute("max", "2030-12-31");
      // The earliest date: 30 days before the respondent's today, which the preview computes.
      const earliest = card.getByRole("group", { name: "Earliest date" });
      await earliest.getByRole("combobox", { name: "Kind of limit: Earliest date" }).selectOption("relative");
      await earliest.getByRole("spinbutton", { name: /^Days from today/ }).fill("-30");
      const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      await expect(preview.locator("input[type=date]")).toHaveAttribute("min", monthAgo);
    },
    saved: { max: "2030-12-31", min: { daysFromToday: -30 } },
  },
  {
    type: "ranking", title: "Prioridades", id: "prioridades",
    async edit(card, preview) {
      const options = card.getByRole("group", { name: "Options" });
      await options.getByRole("textbox", { name: "Option 1", exact: true }).fill("Podcasts");
      await options.getByRole("textbox", { name: "Add options, one per line" }).fill("Vídeos");
      await options.getByRole("button", { name: "Add options" }).click();
      await options.getByRole("button", { name: 'Move "Vídeos" up' }).click();
      await card.getByRole("spinbutton", { name: /^Rank only the first/ }).fill("2");
      await expect(preview.locator(".ranking-label")).toHaveText(["Podcasts", "2", "Vídeos", "3"]);
    },
    saved: { options: [{ value: "1", label: "Podcasts" }, "2", "Vídeos", "3"], top: 2 },
  },
  {
    type: "matrix", title: "Intereses", id: "intereses",
    async edit(card, preview) {
      const rows = card.getByRole("group", { name: "Rows (the statements rated)" });
      await rows.getByRole("textbox", { name: "Option 1", exact: true }).fill("Podcasts");
      await rows.getByRole("textbox", { name: "Option 2", exact: true }).fill("Vídeos cortos");
      await rows.getByRole("textbox", { name: "Add options, one per line" }).fill("Newsletter");
      await rows.getByRole("button", { name: "Add options" }).click();
      await rows.getByRole("button", { name: 'Move "Newsletter" up' }).click();
      const columns = card.getByRole("group", { name: "Columns (the scale, from one end to the other)" });
      await columns.getByRole("textbox", { name: "Add options, one per line" }).fill("Tal vez");
      await columns.getByRole("button", { name: "Add options" }).click();
      await columns.getByRole("button", { name: 'Move "Tal vez" up' }).click();
      await columns.getByRole("button", { name: 'Remove "No"' }).click();
      await columns.getByRole("textbox", { name: "Option 1", exact: true }).fill("Mucho");
      await expect(preview.locator(".matrix-row-label")).toHaveText(["Podcasts", "Newsletter", "Vídeos cortos"]);
      await expect(preview.locator(".matrix-row").first().getByRole("radio")).toHaveCount(2);
      await expect(preview.locator(".matrix-row").first().getByRole("radio", { name: "Mucho" })).toBeVisible();
    },
    // The texts changed, the stored values did not: rows answered before still mean the same.
    saved: { rows: [{ value: "1", label: "Podcasts" }, "Newsletter", { value: "2", label: "Vídeos cortos" }], columns: [{ value: "Sí", label: "Mucho" }, "Tal vez"] },
  },
  {
    type: "radio", title: "Red social", id: "redSocial",
    async edit(card, preview) {
      const options = card.getByRole("group", { name: "Options" });
      await expect(options.getByRole("checkbox", { name: /keeps its place when shuffled/ })).toHaveCount(0);
      await options.getByRole("textbox", { name: "Option 1", exact: true }).fill("Instagram");
      await options.getByRole("textbox", { name: "Add options, one per line" }).fill("Otro");
      await options.getByRole("button", { name: "Add options" }).click();
      await card.getByRole("checkbox", { name: "Shuffle the options for each respondent" }).check();
      await options.getByRole("checkbox", { name: "“Otro” keeps its place when shuffled" }).check();
      await expect(preview.locator("label.choice").last()).toHaveText("Otro");
    },
    // Anchored, the option is written out with its value and label; the switch writes true only.
    saved: { options: [{ value: "1", label: "Instagram" }, "2", { value: "Otro", label: "Otro", anchored: true }], shuffleOptions: true },
  },
];

async function addQuestion(page: Page, title: string, type: string): Promise<void> {
  await page.getByRole("textbox", { name: "The new question's title" }).fill(title);
  await page.getByRole("combobox", { name: "Type", exact: true }).selectOption(type);
  await page.getByRole("button", { name: "Add question" }).click();
}

for (const { type, title, id, edit, saved } of CASES) {
  test(`adds a ${type} question, edits its settings with the preview following, and the saved file validates`, async ({ page }) => {
    await page.goto(editor.url);
    await page.getByRole("button", { name: "foreign-form.json" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
    await addQuestion(page, title, type);
    const card = page.getByRole("region", { name: new RegExp(`^\\d+\\. .* id: ${id} · `) });
    await card.getByRole("textbox", { name: "Emoji", exact: true }).fill("✨");
    await edit(card, page.getByRole("complementary", { name: "Preview" }));
    await page.keyboard.press("Control+s");
    await expect(page.getByText("All changes saved")).toBeVisible();

    const file = JSON.parse(readFileSync(surveyFile(), "utf8")) as { questions: { id: string }[] };
    expect(file.questions.find((question) => question.id === id)).toEqual({ id, type, title, emoji: "✨", required: false, ...saved });
    expect(validationErrors(copy.root)).toEqual([]);
  });
}

test("two questions drawn together from their cards save a shuffled block that validates, and each card names the other", async ({ page }) => {
  await page.goto(editor.url);
  await page.getByRole("button", { name: "foreign-form.json" }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  const card = (id: string) => page.getByRole("region", { name: new RegExp(`^\\d+\\. .* id: ${id} · `) });
  await card("participarTestes").getByRole("checkbox", { name: "Draw the order together with the previous question" }).check();
  await expect(card("conteudoDesejado").getByText(/drawn for each respondent with participarTestes/)).toBeVisible();
  await page.keyboard.press("Control+s");
  await expect(page.getByText("All changes saved")).toBeVisible();
  const file = JSON.parse(readFileSync(surveyFile(), "utf8")) as { questionBlocks?: unknown };
  expect(file.questionBlocks).toEqual([{ questions: ["conteudoDesejado", "participarTestes"], shuffleQuestions: true }]);
  expect(validationErrors(copy.root)).toEqual([]);
});

test("the condition builder offers a ranking's first place and a matrix row's answer, only on those types, and the saved condition validates", async ({ page }) => {
  await page.goto(editor.url);
  await page.getByRole("button", { name: "foreign-form.json" }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  for (const [title, type] of [["Prioridades", "ranking"], ["Intereses", "matrix"], ["Luego", "text"]] as const) {
    await addQuestion(page, title, type);
    const card = page.getByRole("region", { name: new RegExp(`^\\d+\\. .* id: ${title.toLowerCase()} · `) });
    await card.getByRole("textbox", { name: "Emoji", exact: true }).fill("✨");
  }
  const card = page.getByRole("region", { name: /^\d+\. .* id: luego · / });
  const condition = card.getByRole("group", { name: "When is this question asked?" });
  await condition.getByRole("combobox", { name: "Ask it" }).selectOption("only when an earlier answer…");
  const earlier = condition.getByRole("combobox", { name: "Earlier question" });
  const test = condition.getByRole("combobox", { name: "Test" });
  const savedCondition = () => (JSON.parse(readFileSync(surveyFile(), "utf8")) as { questions: { id: string; showIf?: unknown }[] }).questions.find((question) => question.id === "luego")!.showIf;
  const save = async () => {
    await page.keyboard.press("Control+s");
    await expect(page.getByText("All changes saved")).toBeVisible();
  };

  await earlier.selectOption({ label: await earlier.locator("option", { hasText: "(prioridades)" }).innerText() });
  await expect(test.locator("option")).toHaveText(["ranks first", "is answered / empty"]);
  await condition.getByRole("combobox", { name: "Option", exact: true }).selectOption("2");
  await save();
  expect(savedCondition()).toEqual({ question: "prioridades", topChoice: "2" });

  await earlier.selectOption({ label: await earlier.locator("option", { hasText: "(intereses)" }).innerText() });
  await expect(test.locator("option")).toHaveText(["is", "is answered / empty"]);
  const row = condition.getByRole("combobox", { name: "Row", exact: true });
  await expect(row.locator("option")).toHaveText(["1", "2"]);
  await row.selectOption("2");
  const column = condition.getByRole("combobox", { name: "Option", exact: true });
  await expect(column.locator("option")).toHaveText(["Sí", "No"]);
  await column.selectOption("No");
  await save();
  expect(savedCondition()).toEqual({ question: "intereses", row: "2", equals: "No" });

  // A test without a row on a matrix, and a radio question offers neither.
  await test.selectOption({ value: "is" });
  await expect(row).toHaveCount(0);
  await earlier.selectOption({ label: await earlier.locator("option", { hasText: "(prioridades)" }).innerText() });
  await expect(row).toHaveCount(0);
  await save();
  expect(validationErrors(copy.root)).toEqual([]);
});
