import { describe, expect, test } from "vitest";
import { storedFields } from "../../src/core/fields.ts";
import { hiddenValuesFrom, openingAnswers } from "../../src/core/hidden-fields.ts";
import { toRow } from "../../src/core/to-row.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const tiny = tinySurvey({
  questions: [
    { id: "nombre", type: "text", title: "¿Nombre?", emoji: "👋", required: true },
    { id: "edad", type: "number", title: "¿Edad?", emoji: "🎂", required: true },
  ],
});
const config = { ...tiny, hiddenFields: ["utm_source", "utm_campaign"] };
const VISIT = "5f0c6a3e-8a1b-4c2d-9e3f-1a2b3c4d5e6f";

describe("hiddenValuesFrom", () => {
  test("reads each declared hidden field from the address and ignores other parameters", () => {
    expect(hiddenValuesFrom(config, "?utm_source=instagram&utm_medium=story&x=1")).toEqual({ utm_source: "instagram", utm_campaign: "" });
  });

  test.each([
    ["?utm_source=%20whatsapp%20", "whatsapp"],
    ["?utm_source=", ""],
    ["?utm_source=caf%C3%A9+%3Cb%3E", "café <b>"],
    [`?utm_source=${"a".repeat(150)}`, "a".repeat(100)],
  ])("%s gives %j (trimmed, decoded, cut to 100 characters)", (search, value) => {
    expect(hiddenValuesFrom(config, search).utm_source).toBe(value);
  });
});

describe("openingAnswers", () => {
  test("start empty, with the address's hidden values and the visit id beside them", () => {
    const answers = openingAnswers(config, "?utm_campaign=live-nov", VISIT);
    expect(answers).toMatchObject({ utm_source: "", utm_campaign: "live-nov", visitId: VISIT });
  });

  test("end up in their own columns of the row; empty ones as null", () => {
    const row = toRow(config, openingAnswers(config, "?utm_campaign=live-nov", VISIT), "row-id");
    expect(row).toMatchObject({ utm_source: null, utm_campaign: "live-nov", visit_id: VISIT });
  });
});

test("storedFields lists the answers, then the hidden fields, then the visit id and the definition's version", () => {
  expect(storedFields(config).map((field) => field.column)).toEqual(["nombre", "edad", "utm_source", "utm_campaign", "visit_id", "definition_version"]);
});
