import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { applyToData } from "../../../src/core/upgrade/file-edits.ts";
import { CURRENT_SCHEMA_VERSION, planUpgrade, upgradedData, upgradedText, UPGRADE_STEPS } from "../../../src/core/upgrade/upgrade.ts";

const REPO = join(import.meta.dirname, "../../..");
const readJson = (path: string) => JSON.parse(readFileSync(join(REPO, path), "utf8"));

const notices = {
  success: { title: "Listo", description: "Guardado" },
  waitingForConnection: { title: "Sin red", description: "Esperamos" },
  rateLimited: { title: "Muchos envíos", description: "Un momento" },
  draft: { restored: "Seguimos", startOver: "De nuevo", confirmStartOver: "¿Borrar?", confirm: "Sí", cancel: "No" },
};

describe("planUpgrade", () => {
  test.each([
    ["a file in the current form that states no form", { id: "x", messages: { successTitle: "Listo" }, thankYou: { path: "/gracias" } }],
    ["a file that states the current form", { schemaVersion: 2, id: "x" }],
    ["a nested notice with a key no form had (the schema check reports it)", { messages: { success: { title: "Listo", subtitle: "?" } } }],
    ["a form number that is no number (the schema check reports it)", { schemaVersion: "1" }],
  ])("%s is current", (_what, file) => {
    expect(planUpgrade(file)).toEqual({ form: "current" });
  });

  test("a file that states a newer form than this project reads is newer", () => {
    expect(planUpgrade({ schemaVersion: CURRENT_SCHEMA_VERSION + 1 })).toEqual({ form: "newer", version: CURRENT_SCHEMA_VERSION + 1 });
  });

  test("a file that states form 1 with nothing of it left only changes its number", () => {
    const plan = planUpgrade({ $schema: "./survey.schema.json", schemaVersion: 1, id: "x" });
    expect(plan).toMatchObject({ form: "older", version: 1, conflicts: [] });
    expect(plan.form === "older" && plan.changes.map((change) => change.says)).toEqual(['"schemaVersion": 1 → 2']);
  });

  test("names each nested notice and the redirect it moves, in words", () => {
    const plan = planUpgrade({ messages: { success: notices.success }, redirect: { path: "/gracias", delayMs: 2000 } });
    expect(plan.form === "older" && plan.changes.map((change) => change.says)).toEqual([
      "messages.success {title, description} → messages.successTitle, messages.successDescription",
      "redirect {path, delayMs} → thankYou.path, thankYou.delayMs",
      'adds "schemaVersion": 2',
    ]);
  });

  test("a text written both the old and the new way, differently, is a conflict and nothing is moved", () => {
    const file = { messages: { successTitle: "Nuevo", success: { title: "Viejo", description: "Guardado" } } };
    const plan = planUpgrade(file);
    expect(plan).toMatchObject({ form: "older", conflicts: [{ path: ["messages", "successTitle"], says: 'messages.success.title is "Viejo" but messages.successTitle is "Nuevo"; keep one of them' }] });
    expect(upgradedData(file)).toBeUndefined();
    expect(upgradedText(JSON.stringify(file))).toBeUndefined();
  });
});

describe("upgradedData (form 1 → 2)", () => {
  test("every notice text keeps its words under its flat key, in the old one's place", () => {
    const file = { $schema: "./survey.schema.json", id: "x", messages: { next: "Sigue", ...notices, closeNotice: "Cerrar" } };
    const upgraded = upgradedData(file)!;
    expect(Object.keys(upgraded)).toEqual(["$schema", "schemaVersion", "id", "messages"]);
    expect(upgraded.schemaVersion).toBe(2);
    expect(upgraded.messages).toEqual({
      next: "Sigue",
      successTitle: "Listo", successDescription: "Guardado",
      waitingForConnectionTitle: "Sin red", waitingForConnectionDescription: "Esperamos",
      rateLimitedTitle: "Muchos envíos", rateLimitedDescription: "Un momento",
      draftRestored: "Seguimos", draftStartOver: "De nuevo", draftConfirmStartOver: "¿Borrar?", draftConfirm: "Sí", draftCancel: "No",
      closeNotice: "Cerrar",
    });
    expect(Object.keys(upgraded.messages as object).slice(0, 3)).toEqual(["next", "successTitle", "successDescription"]);
  });

  test("the redirect's path and delay join a thank-you block the file already has", () => {
    const upgraded = upgradedData({ thankYou: { language: "pt-BR" }, redirect: { path: "/obrigado", delayMs: 0 } })!;
    expect(upgraded).toEqual({ schemaVersion: 2, thankYou: { language: "pt-BR", path: "/obrigado", delayMs: 0 } });
  });

  test("a text written both ways alike is kept once", () => {
    expect(upgradedData({ messages: { errorTitle: "Error", error: { title: "Error", description: "Falló" } } })).toEqual({
      schemaVersion: 2,
      messages: { errorTitle: "Error", errorDescription: "Falló" },
    });
  });

  test("leaves the file it was given as it was", () => {
    const file = { messages: { success: { ...notices.success } } };
    upgradedData(file);
    expect(file).toEqual({ messages: { success: notices.success } });
  });
});

describe("upgradedText", () => {
  const form1 = readFileSync(join(REPO, "tests/fixtures/surveys/schema-form-1/newsletter-form.json"), "utf8");

  test("changes only the lines of the keys that change", () => {
    const { text } = upgradedText(form1)!;
    const before = new Set(form1.split("\n"));
    const after = new Set(text.split("\n"));
    expect([...after].filter((line) => !before.has(line))).toEqual([
      '  "schemaVersion": 2,',
      '    "successTitle": "¡Recibido, gracias! ✨",',
      '    "successDescription": "Guardamos tus respuestas. Un momento...",',
      '    "errorTitle": "No pudimos guardar",',
      '    "errorDescription": "Algo falló al guardar tus respuestas. Prueba otra vez.",',
      '    "unexpectedErrorTitle": "Algo salió mal",',
      '    "unexpectedErrorDescription": "Un error inesperado. Prueba otra vez."',
      '  "thankYou": {',
    ]);
    expect(JSON.parse(text)).toEqual(upgradedData(JSON.parse(form1)));
  });

  test("a second upgrade finds nothing to change", () => {
    expect(upgradedText(upgradedText(form1)!.text)).toBeUndefined();
  });

  test("keeps a file's tabs and Windows line ends", () => {
    const text = '{\r\n\t"id": "x",\r\n\t"redirect": {\r\n\t\t"path": "/gracias",\r\n\t\t"delayMs": 1500\r\n\t}\r\n}\r\n';
    expect(upgradedText(text)!.text).toBe('{\r\n\t"schemaVersion": 2,\r\n\t"id": "x",\r\n\t"thankYou": {\r\n\t\t"path": "/gracias",\r\n\t\t"delayMs": 1500\r\n\t}\r\n}\r\n');
  });

  test("a file that is not JSON is left to the syntax check", () => {
    expect(upgradedText('{ "id": ')).toBeUndefined();
  });
});

describe("the forms of the schema", () => {
  test("the schema's current form is the one the upgrade steps lead to", () => {
    expect(readJson("surveys/survey.schema.json").properties.schemaVersion.const).toBe(CURRENT_SCHEMA_VERSION);
  });

  test("one step per earlier form, in order", () => {
    expect(UPGRADE_STEPS.map((step) => step.from)).toEqual(Array.from({ length: CURRENT_SCHEMA_VERSION - 1 }, (_, index) => index + 1));
  });

  test.each(UPGRADE_STEPS.map((step) => step.from))("form %i has a fixture in that form, which its step changes", (form) => {
    const dir = `tests/fixtures/surveys/schema-form-${form}`;
    for (const name of readdirSync(join(REPO, dir))) {
      const file = readJson(join(dir, name));
      const step = UPGRADE_STEPS.find((candidate) => candidate.from === form)!;
      expect(step.upgrade(file).changes.length, `${dir}/${name}`).toBeGreaterThan(0);
    }
  });

  test("the shipped surveys state the current form", () => {
    for (const name of ["medical-form.json", "foreign-form.json"]) expect(readJson(`surveys/${name}`).schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
  });

  test("applyToData puts a new key before the one named, else last", () => {
    expect(Object.keys(applyToData({ a: 1, c: 3 }, [{ path: ["b"], value: 2, before: "c" }, { path: ["d"], value: 4 }]))).toEqual(["a", "b", "c", "d"]);
  });
});
