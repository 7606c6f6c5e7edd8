// @vitest-environment jsdom
/**
 * The editor's quotas, as a content editor uses them: a first quota added
 * is a valid file at once (it counts the first option of the first single
 * choice, with a screen-out page in the survey's language); its name, its
 * size, the answers it counts and hiding a full option are edited in place
 * and checked by the real validate, which refuses a wrong size;
 * removing the last quota removes the key, never leaving an empty list.
 */
import "../support/jsdom.ts";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { QuotasEditor } from "../../src/editor/quotas-editor.tsx";
import { editingHarness, validatedPointers } from "./support/editing-harness.tsx";

const NAME = "cuotas.json";
const FILE = {
  $schema: "./survey.schema.json",
  schemaVersion: 2,
  id: "cuotas",
  route: "/cuotas",
  table: "cuotas_responses",
  language: "es",
  pageTitle: "Encuesta con cuotas",
  professionalName: "nuestro equipo",
  questions: [
    { id: "nombre", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: true },
    { id: "pais", type: "radio", title: "¿Dónde estudiaste?", emoji: "🌎", required: true, options: ["Colombia", "Perú", "México"] },
    { id: "edad", type: "number", title: "¿Cuántos años tienes?", emoji: "🎂", required: true },
  ],
};

/** The quotas section over FILE, and the file as it is edited. */
function renderQuotas() {
  const { Editing, edited } = editingHarness(FILE);
  render(
    <Editing>
      <QuotasEditor />
    </Editing>,
  );
  return edited;
}

describe("the editor's quotas", () => {
  test("a quota added, edited and removed: a valid file at every step, a wrong size refused, and no empty list left", async () => {
    const user = userEvent.setup();
    const current = renderQuotas();
    await user.click(screen.getByRole("button", { name: "Adicionar uma cota" }));
    expect(current.file().quotas).toEqual([
      {
        id: "cota-1",
        when: { question: "pais", equals: "Colombia" },
        max: 100,
        screenOut: { heading: "¡Gracias por tu interés!", text: "Ya tenemos todas las respuestas que necesitábamos de personas con tu perfil; esta vez tus respuestas no se guardaron." },
      },
    ]);
    const added = current.text();

    const name = screen.getByRole("textbox", { name: /Nome da cota/ });
    await user.clear(name);
    await user.type(name, "colombia");
    const size = screen.getByRole("spinbutton", { name: "Respostas que a cota aceita" });
    await user.clear(size);
    await user.type(size, "0");
    const zero = current.text();
    await user.clear(size);
    await user.type(size, "50");
    await user.click(screen.getByRole("checkbox", { name: /esconder a opção/ }));
    expect(current.file().quotas![0]).toMatchObject({ id: "colombia", max: 50, hideOption: true });
    const edited = current.text();

    await user.click(screen.getByRole("button", { name: "Adicionar uma cota" }));
    expect(current.file().quotas!.map((quota) => quota.id)).toEqual(["colombia", "cota-2"]);
    await user.click(screen.getByRole("button", { name: "Remover a cota “colombia”" }));
    expect(current.file().quotas!.map((quota) => quota.id)).toEqual(["cota-2"]);
    await user.click(screen.getByRole("button", { name: "Remover a cota “cota-2”" }));
    expect("quotas" in current.file()).toBe(false);

    expect(validatedPointers(NAME, [added, zero, edited, current.text()])).toEqual([[], ["/quotas/0/max"], [], []]);
  }, 60_000);

  test("the answers a quota counts are chosen among every question's, in the builder's menus", async () => {
    renderQuotas();
    await act(async () => screen.getByRole("button", { name: "Adicionar uma cota" }).click());
    const counted = screen.getByRole("group", { name: "Quais respostas a cota “cota-1” conta?" });
    const pickers = within(counted).getAllByRole("combobox");
    expect(pickers.length).toBeGreaterThan(0);
    expect(within(counted).getAllByRole("option").map((option) => option.textContent)).toEqual(expect.arrayContaining([expect.stringContaining("(edad)"), expect.stringContaining("(pais)"), "Colombia", "Perú", "México"]));
  });
});
