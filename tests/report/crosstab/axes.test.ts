import { describe, expect, test } from "vitest";
import { axesRow, crosstabAxes } from "../../../src/report/crosstab/axes.ts";
import { RANDOM_SURVEY } from "../../support/random-results.ts";

describe("crosstabAxes", () => {
  test("every question that splits respondents, then the response's own, from the file alone", () => {
    expect(crosstabAxes(RANDOM_SURVEY).map((axis) => `${axis.id}:${axis.kind}`)).toEqual([
      "edad:bins", "pais:one", "canal:one", "canal/coded:coded", "redes:many", "redes/coded:coded", "interes:bins", "utilidad:one", "recomienda:nps", "matriz/Clases:matrix", "matriz/Mentoria:matrix",
      "~hidden/utm_source:one", "~language:one", "~ending:one", "~version:one", "~week:week", "~month:month",
    ]);
  });

  test("a number's declared bins, a rating by its values, a matrix row's columns, a personal question marked", () => {
    const survey = { ...RANDOM_SURVEY, questions: RANDOM_SURVEY.questions.map((question) => (question.id === "edad" ? { ...question, crosstabBins: [25, 35], personal: true } : question)) };
    const axes = new Map(crosstabAxes(survey).map((axis) => [axis.id, axis]));
    expect(axes.get("edad")).toMatchObject({ kind: "bins", number: "typed", bins: [25, 35], personal: true });
    expect(axes.get("interes")).toMatchObject({ kind: "bins", number: "stored", bins: null, personal: false });
    expect(axes.get("utilidad")).toMatchObject({ kind: "one", values: null });
    expect(axes.get("matriz/Mentoria")).toMatchObject({ row: "Mentoria", title: "¿Cuánto te interesa cada tema?: Mentoría", values: [{ key: "Nada", label: "Nada" }, { key: "Algo", label: "Algo" }, { key: "Mucho", label: "Mucho" }] });
    // A choice with an "other" text once more, coded: its option replaced, or a multiple choice's extra text added.
    expect(axes.get("canal/coded")).toMatchObject({ column: "canal", text: "canal_otro", field: "canalOtro", other: "Otro", many: false, values: [{ key: "Instagram" }, { key: "WA" }, { key: "Otro" }] });
    expect(axes.get("redes/coded")).toMatchObject({ column: "redes", text: "redes_otras", field: "redesOtras", other: null, many: true });
    // What the database keeps: how to read each axis, no titles nor labels.
    expect(axesRow(survey).edad).toEqual({ kind: "bins", column: "edad", number: "typed", bins: [25, 35], personal: true });
  });
});
