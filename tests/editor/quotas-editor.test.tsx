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
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useRef, useState } from "react";
import { describe, expect, test } from "vitest";
import { EditingContext, SurveyContext } from "../../src/editor/editing-context.ts";
import { QuotasEditor } from "../../src/editor/quotas-editor.tsx";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

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

/**
 * The pointers validate finds in each text, by the real validate in one Node process (under jsdom the validator
 * cannot read its schema files: the page's bundler rewrites their addresses).
 */
function validatedPointers(texts: string[]): string[][] {
  const root = mkdtempSync(join(tmpdir(), "rmj-quotas-editor-"));
  const dirs = texts.map((text, index) => {
    const dir = join(root, String(index));
    mkdirSync(join(dir, "surveys"), { recursive: true });
    writeFileSync(join(dir, "surveys", NAME), text);
    return dir;
  });
  const script = `import { loadSurveys } from ${JSON.stringify(join(process.cwd(), "scripts/lib/validate.ts"))};
const dirs = ${JSON.stringify(dirs)};
console.log(JSON.stringify(dirs.map((dir) => loadSurveys(dir + "/surveys", dir + "/migrations").errors.map((error) => error.pointer))));`;
  return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" })) as string[][];
}

let fileText = "";
function Editor() {
  const [text, setText] = useState(() => JSON.stringify(FILE, null, 2));
  const current = useRef(text);
  current.current = text;
  fileText = text;
  const survey = JSON.parse(text) as SurveyConfig;
  const editing = { currentText: () => current.current, survey, change: (next: string) => ((current.current = next), setText(next)), problems: [], refuse: () => undefined, showQuestion: () => undefined };
  return (
    <EditingContext value={editing}>
      <SurveyContext value={survey}>
        <QuotasEditor />
      </SurveyContext>
    </EditingContext>
  );
}

const file = () => JSON.parse(fileText) as SurveyConfig;

describe("the editor's quotas", () => {
  test("a quota added, edited and removed: a valid file at every step, a wrong size refused, and no empty list left", async () => {
    const user = userEvent.setup();
    render(<Editor />);
    await user.click(screen.getByRole("button", { name: "Adicionar uma cota" }));
    expect(file().quotas).toEqual([
      {
        id: "cota-1",
        when: { question: "pais", equals: "Colombia" },
        max: 100,
        screenOut: { heading: "¡Gracias por tu interés!", text: "Ya tenemos todas las respuestas que necesitábamos de personas con tu perfil; esta vez tus respuestas no se guardaron." },
      },
    ]);
    const added = fileText;

    const name = screen.getByRole("textbox", { name: /Nome da cota/ });
    await user.clear(name);
    await user.type(name, "colombia");
    const size = screen.getByRole("spinbutton", { name: "Respostas que a cota aceita" });
    await user.clear(size);
    await user.type(size, "0");
    const zero = fileText;
    await user.clear(size);
    await user.type(size, "50");
    await user.click(screen.getByRole("checkbox", { name: /esconder a opção/ }));
    expect(file().quotas![0]).toMatchObject({ id: "colombia", max: 50, hideOption: true });
    const edited = fileText;

    await user.click(screen.getByRole("button", { name: "Adicionar uma cota" }));
    expect(file().quotas!.map((quota) => quota.id)).toEqual(["colombia", "cota-2"]);
    await user.click(screen.getByRole("button", { name: "Remover a cota “colombia”" }));
    expect(file().quotas!.map((quota) => quota.id)).toEqual(["cota-2"]);
    await user.click(screen.getByRole("button", { name: "Remover a cota “cota-2”" }));
    expect("quotas" in file()).toBe(false);

    expect(validatedPointers([added, zero, edited, fileText])).toEqual([[], ["/quotas/0/max"], [], []]);
  }, 60_000);

  test("the answers a quota counts are chosen among every question's, in the builder's menus", async () => {
    render(<Editor />);
    await act(async () => screen.getByRole("button", { name: "Adicionar uma cota" }).click());
    const counted = screen.getByRole("group", { name: "Quais respostas a cota “cota-1” conta?" });
    const pickers = within(counted).getAllByRole("combobox");
    expect(pickers.length).toBeGreaterThan(0);
    expect(within(counted).getAllByRole("option").map((option) => option.textContent)).toEqual(expect.arrayContaining([expect.stringContaining("(edad)"), expect.stringContaining("(pais)"), "Colombia", "Perú", "México"]));
  });
});
