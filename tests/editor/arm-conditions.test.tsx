// @vitest-environment jsdom
/**
 * A question asked in one A/B arm, built in the editor's condition builder
 * rather than written by hand: a survey with arms offers "the respondent's
 * A/B arm" beside the earlier questions, then its arms; the file gets
 * {"arm": "b"}, which validate accepts, and a condition already in the file
 * reads back as that test (not as a condition kept as written). The first
 * question never offers it (it is on screen before the arm is known), and a
 * survey without arms does not either.
 */
import "../support/jsdom.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { ConditionBuilder } from "../../src/editor/condition-builder.tsx";
import { useEditing } from "../../src/editor/editing-context.ts";
import { editingHarness, validatedPointers } from "./support/editing-harness.tsx";

const NAME = "brazos.json";
const QUESTIONS = [
  { id: "nombre", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: true },
  { id: "red", type: "radio", title: "¿Qué red usas?", emoji: "📱", required: true, options: ["Instagram", "TikTok"] },
  { id: "motivo", type: "text", title: "¿Por qué?", emoji: "💬", required: false },
];
const FILE = { $schema: "./survey.schema.json", schemaVersion: 2, id: "brazos", route: "/brazos", table: "brazos_responses", language: "es", pageTitle: "Brazos", professionalName: "nuestro equipo", arms: [{ id: "a" }, { id: "b" }], questions: QUESTIONS };

/** The builder of question `index` as the question stands now, as its card gives it. */
function CurrentCondition({ index }: { index: number }) {
  const { survey } = useEditing();
  return <ConditionBuilder question={survey.questions[index]!} index={index} />;
}

function renderCondition(file: object, index: number) {
  const { Editing, edited } = editingHarness(file);
  render(
    <Editing>
      <CurrentCondition index={index} />
    </Editing>,
  );
  return edited;
}

/** The test's subject: an earlier question, or the arm. */
const subjects = () => screen.getByRole("combobox", { name: "Pergunta anterior" });

describe("the condition builder and A/B arms", () => {
  test("'motivo' asked in arm b only: chosen from the menus, written as {arm: b}, valid", async () => {
    const user = userEvent.setup();
    const edited = renderCondition(FILE, 2);
    await user.selectOptions(screen.getByRole("combobox", { name: "Perguntar" }), "one");
    await user.selectOptions(subjects(), "O grupo do teste A/B da pessoa");
    expect(edited.file().questions[2]!.showIf).toEqual({ arm: "a" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Grupo" }), "é o grupo “b”");
    expect(edited.file().questions[2]!.showIf).toEqual({ arm: "b" });
    await user.selectOptions(subjects(), "red");
    expect(edited.file().questions[2]!.showIf).toEqual({ question: "red", equals: "Instagram" });
    const onRed = edited.text();
    await user.selectOptions(subjects(), "O grupo do teste A/B da pessoa");
    await user.selectOptions(screen.getByRole("combobox", { name: "Grupo" }), "é o grupo “b”");
    expect(validatedPointers(NAME, [edited.text(), onRed])).toEqual([[], []]);
  }, 60_000);

  test("a condition on an arm in the file reads back as that test", () => {
    renderCondition({ ...FILE, questions: [...QUESTIONS.slice(0, 2), { ...QUESTIONS[2], showIf: { arm: "b" } }] }, 2);
    expect(screen.getByRole("combobox", { name: "Perguntar" })).toHaveValue("one");
    expect(screen.getByRole("combobox", { name: "Grupo" })).toHaveDisplayValue("é o grupo “b”");
  });

  test("neither the first question nor a survey without arms offers the arm", async () => {
    const user = userEvent.setup();
    renderCondition(FILE, 0);
    expect(screen.getByRole("combobox", { name: "Perguntar" })).toBeDisabled();
    document.body.innerHTML = "";
    const { arms: _, ...withoutArms } = FILE;
    renderCondition(withoutArms, 2);
    await user.selectOptions(screen.getByRole("combobox", { name: "Perguntar" }), "one");
    expect(within(subjects()).queryByRole("option", { name: "O grupo do teste A/B da pessoa" })).toBeNull();
  });
});
