// @vitest-environment jsdom
/**
 * The editor's A/B test, as a content editor uses it: starting one makes
 * groups "a" and "b", a valid file at once; a group words a later question
 * otherwise (its title, an option's label) in fields whose placeholders are
 * the question's own, and what it leaves empty is the question's again; the
 * first question is never offered; a third group is added and removed, two
 * always stay; ending the test removes the key. Every text kept is checked by
 * the real validate, and the stored answers never change: an option is named
 * by its value.
 */
import "../support/jsdom.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { ArmsEditor } from "../../src/editor/arms-editor.tsx";
import { editingHarness, validatedPointers } from "./support/editing-harness.tsx";

const NAME = "brazos.json";
const FILE = {
  $schema: "./survey.schema.json",
  schemaVersion: 2,
  id: "brazos",
  route: "/brazos",
  table: "brazos_responses",
  language: "es",
  pageTitle: "Brazos",
  professionalName: "nuestro equipo",
  questions: [
    { id: "nombre", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: true },
    { id: "red", type: "radio", title: "¿Qué red usas?", emoji: "📱", required: true, options: ["Instagram", { value: "TikTok", label: "TikTok" }] },
    { id: "motivo", type: "text", title: "¿Por qué?", subtitle: "En pocas palabras", emoji: "💬", required: false },
  ],
};

function renderArms(file: object = FILE) {
  const { Editing, edited } = editingHarness(file);
  render(
    <Editing>
      <ArmsEditor />
    </Editing>,
  );
  return edited;
}

describe("the editor's A/B test", () => {
  test("started, a question worded otherwise in group b, a group added and removed, ended: a valid file at every step", async () => {
    const user = userEvent.setup();
    const current = renderArms();
    await user.click(screen.getByRole("button", { name: "Começar um teste A/B (grupos “a” e “b”)" }));
    expect(current.file().arms).toEqual([{ id: "a" }, { id: "b" }]);
    const started = current.text();
    // Two groups: none may go, or the test would have one.
    expect(screen.queryByRole("button", { name: /^Remover o grupo/ })).toBeNull();

    const [, groupB] = screen.getAllByRole("listitem");
    const picker = within(groupB!).getByRole("combobox", { name: "Escrever outra pergunta de outro jeito neste grupo" });
    expect(within(picker).getAllByRole("option").map((option) => option.textContent)).toEqual(["Escolha uma pergunta", "¿Qué red usas?", "¿Por qué?"]);
    await user.selectOptions(picker, "red");
    expect(current.file().arms![1]).toEqual({ id: "b", questions: { red: { title: "¿Qué red usas?" } } });

    const worded = within(groupB!).getByRole("group", { name: "Como o grupo “b” mostra “¿Qué red usas?”" });
    const title = within(worded).getByRole("textbox", { name: "Título neste grupo (vazio: o da pergunta)" });
    await user.clear(title);
    await user.type(title, "¿Cuál red usas más?");
    const tiktok = within(worded).getByRole("textbox", { name: /^Opção “TikTok” neste grupo/ });
    expect(tiktok).toHaveProperty("placeholder", "TikTok");
    await user.type(tiktok, "TikTok o Reels");
    expect(current.file().arms![1]!.questions!.red).toEqual({ title: "¿Cuál red usas más?", options: { TikTok: "TikTok o Reels" } });
    const reworded = current.text();
    // Cleared, the title is the question's again.
    await user.clear(title);
    expect(current.file().arms![1]!.questions!.red).toEqual({ options: { TikTok: "TikTok o Reels" } });
    expect(title).toHaveProperty("placeholder", "¿Qué red usas?");

    await user.click(screen.getByRole("button", { name: "Adicionar um grupo" }));
    expect(current.file().arms!.map((arm) => arm.id)).toEqual(["a", "b", "c"]);
    const three = current.text();
    await user.click(screen.getByRole("button", { name: "Remover o grupo “a”" }));
    expect(current.file().arms!.map((arm) => arm.id)).toEqual(["b", "c"]);

    await user.click(within(screen.getAllByRole("listitem")[0]!).getByRole("button", { name: "Mostrar “¿Qué red usas?” como a pergunta" }));
    expect(current.file().arms).toEqual([{ id: "b" }, { id: "c" }]);
    await user.click(screen.getByRole("button", { name: "Acabar com o teste A/B" }));
    expect("arms" in current.file()).toBe(false);

    expect(validatedPointers(NAME, [started, reworded, three, current.text()])).toEqual([[], [], [], []]);
  }, 60_000);

  test("a group's option order is shown as the file has it, and ten groups are the most", () => {
    const arms = Array.from({ length: 10 }, (_, at) => ({ id: "abcdefghij"[at]! }));
    arms[1] = { id: "b", questions: { red: { optionOrder: ["TikTok", "Instagram"] } } } as never;
    renderArms({ ...FILE, arms });
    expect(screen.getByText("Ordem das opções neste grupo: TikTok, Instagram")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Adicionar um grupo" })).toHaveProperty("disabled", true);
  });
});
