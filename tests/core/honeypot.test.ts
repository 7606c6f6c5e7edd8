import { describe, expect, test } from "vitest";
import { HONEYPOT, withHoneypot } from "../../src/core/honeypot.ts";
import { toRow } from "../../src/core/to-row.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const survey = tinySurvey({ questions: [{ id: "nombre", type: "text", title: "¿Nombre?", emoji: "👋", required: true }] });

describe("the honeypot", () => {
  test("left empty, it adds nothing: a person's row has no honeypot column", () => {
    expect(withHoneypot({ nombre: "Ana" }, "")).toEqual({ nombre: "Ana" });
    expect(withHoneypot({ nombre: "Ana" }, undefined)).toEqual({ nombre: "Ana" });
    expect(toRow(survey, withHoneypot({ nombre: "Ana" }, "  "), "id-1")).toEqual({ id: "id-1", nombre: "Ana", visit_id: null, definition_version: null, definition_commit: null });
  });

  test("filled, its text is sent in its own column, for the database to refuse the row", () => {
    expect(toRow(survey, withHoneypot({ nombre: "Ana" }, " http://spam.example "), "id-1")).toEqual({ id: "id-1", nombre: "Ana", visit_id: null, definition_version: null, definition_commit: null, [HONEYPOT]: "http://spam.example" });
  });
});
