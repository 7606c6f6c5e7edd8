import { describe, expect, test } from "vitest";
import { changeNotes, describeCondition } from "../../scripts/sql/change-notes.ts";
import type { ColumnSpec } from "../../scripts/sql/column-specs.ts";
import type { Condition, Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

describe("describeCondition", () => {
  test.each<[Condition, string]>([
    [{ question: "empreender", equals: "Sí, un poco" }, "empreender = 'Sí, un poco'"],
    [{ question: "pais", notEquals: "Brasil" }, "pais <> 'Brasil'"],
    [{ question: "pais", oneOf: ["Argentina", "Chile"] }, "pais in ('Argentina', 'Chile')"],
    [{ question: "redes", includes: "TikTok" }, "redes includes 'TikTok'"],
    [{ question: "idade", atLeast: 30 }, "idade >= 30"],
    [{ question: "notas", is: "answered" }, "notas is answered"],
    [{ question: "prioridades", topChoice: "Revalida" }, "prioridades[1] = 'Revalida'"],
    [{ question: "intereses", row: "Simulacros", equals: "Mucho" }, "intereses[Simulacros] = 'Mucho'"],
    [{ question: "intereses", row: "Simulacros", is: "empty" }, "intereses[Simulacros] is empty"],
    [{ all: [{ question: "pais", notEquals: "Brasil" }, { not: { question: "idade", lessThan: 18 } }] }, "(pais <> 'Brasil' and not idade < 18)"],
    [{ any: [{ question: "a", equals: 1 }, { question: "b", is: "empty" }] }, "(a = 1 or b is empty)"],
  ])("%j reads %s", (condition, text) => {
    expect(describeCondition(condition)).toBe(text);
  });
});

describe("changeNotes", () => {
  const vive: Question = { id: "vive", type: "radio", title: "¿Vives en Brasil?", emoji: "🇧🇷", required: true, options: ["Sí", "No", "A veces"] };
  const ciudad: Question = { id: "ciudad", type: "text", title: "¿Ciudad?", emoji: "🏙️", required: true, showIf: { question: "vive", equals: "Sí" } };
  const config = tinySurvey({ questions: [vive, ciudad] });
  const radio = (values: string[], required = true): ColumnSpec => ({ column: "vive", type: "text", required, values, check: `vive = any (array[${values.map((v) => `'${v}'`).join(", ")}]::text[])${required ? " and vive is not null" : ""}` });

  test("names each change in the survey's words, one line each, prefixed by the table", () => {
    const notes = changeNotes("t", config, {
      added: [{ column: "ciudad", type: "text", required: false, check: "…" }],
      changed: [{ before: radio(["Sí", "No"]), after: radio(["Sí", "No", "A veces"]) }],
      removed: ["edad"],
      campaign: { before: {}, after: { maxResponses: 500, closesAt: "2026-12-15T23:59:59-03:00" } },
    });
    expect(notes).toEqual([
      "-- t: new column ciudad (text, required when asked, asked when vive = 'Sí')",
      "-- t: vive allows new option 'A veces'",
      "-- t: edad is no longer asked (the column and its rows stay; its check is dropped)",
      "-- t: campaign closesAt none → 2026-12-15T23:59:59-03:00",
      "-- t: campaign maxResponses none → 500",
    ]);
  });

  test("a rule that changed in more than its options is restated", () => {
    const notes = changeNotes("t", config, { added: [], changed: [{ before: radio(["Sí", "No"], false), after: radio(["Sí", "No", "A veces"]) }], removed: [] });
    expect(notes).toEqual(["-- t: vive has a new rule (text, required; new options 'A veces')"]);
  });
});
