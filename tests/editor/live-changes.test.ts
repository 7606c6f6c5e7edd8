/**
 * What the editor asks before it saves a published survey
 * (src/editor/model/live-changes.ts): of a question or ending the
 * migrations already store, a stored value that is gone and a condition
 * that reads otherwise are named; a rename of a label, a new
 * option, a new question or the same condition written in another key order
 * are not, since the stored rows mean what they meant.
 */
import { describe, expect, test } from "vitest";
import { liveChanges, liveChangeText } from "../../src/editor/model/live-changes.ts";
import { ptBR } from "../../src/editor/words/pt-br.ts";
import type { Question, SurveyConfig } from "../../src/generated/survey-config.ts";

const canal = { id: "canal", type: "radio", title: "¿Canal?", emoji: "📣", required: true, options: [{ value: "redes", label: "Redes" }, "Amigo"] } as Question;
const ciudad = { id: "ciudad", type: "text", title: "¿Ciudad?", emoji: "🏙️", required: false, showIf: { question: "canal", equals: "Amigo" } } as Question;
const survey = (questions: Question[], extra: Partial<SurveyConfig> = {}) => ({ id: "s", route: "/s", table: "s", language: "es", pageTitle: "S", professionalName: "X", questions, ...extra }) as SurveyConfig;
const before = survey([canal, ciudad], { endings: [{ id: "amigos", showIf: { question: "canal", equals: "Amigo" } }, { id: "fin" }] } as Partial<SurveyConfig>);
/** The columns the migrations create: the survey is published with both questions and its endings. */
const migrated = new Set(["canal", "ciudad", "ending"]);

describe("liveChanges", () => {
  test("a label renamed, an option and a question added, a condition rewritten in another key order: nothing to ask", () => {
    const after = survey([{ ...canal, options: [{ value: "redes", label: "Instagram" }, "Amigo", "Otro"] } as Question, { ...ciudad, showIf: { equals: "Amigo", question: "canal" } } as Question, { ...ciudad, id: "barrio" } as Question], { endings: before.endings } as Partial<SurveyConfig>);
    expect(liveChanges(before, after, migrated)).toEqual([]);
  });

  test("a stored value gone (an option's value changed or removed), a question's condition and an ending's condition changed: each named", () => {
    const after = survey([{ ...canal, options: [{ value: "social", label: "Redes" }] } as Question, { ...ciudad, showIf: { question: "canal", equals: "social" } } as Question], { endings: [{ id: "amigos", showIf: { question: "canal", equals: "social" } }, { id: "fin" }] } as Partial<SurveyConfig>);
    expect(liveChanges(before, after, migrated)).toEqual([
      { kind: "value-gone", question: "canal", value: "redes" },
      { kind: "value-gone", question: "canal", value: "Amigo" },
      { kind: "condition", question: "ciudad" },
      { kind: "ending-condition", ending: "amigos" },
    ]);
  });

  test("a condition removed is a change too; a question removed is not this list's (its column stays, its rows keep their answers)", () => {
    expect(liveChanges(before, survey([canal, { ...ciudad, showIf: undefined } as Question]), migrated)).toEqual([{ kind: "condition", question: "ciudad" }]);
    expect(liveChanges(before, survey([canal]), migrated)).toEqual([]);
  });

  test("a question whose column no migration creates yet (added since publishing), or a survey not published at all, asks nothing", () => {
    const after = survey([canal, { ...ciudad, showIf: { question: "canal", equals: "redes" } } as Question]);
    expect(liveChanges(before, after, new Set(["canal"]))).toEqual([]);
    expect(liveChanges(before, survey([{ ...canal, options: ["Otro"] } as Question, ciudad]), new Set())).toEqual([]);
  });

  test("the confirmation names each change in the editor's words", () => {
    const text = ptBR.liveChangesConfirm([liveChangeText({ kind: "value-gone", question: "canal", value: "redes" }, ptBR), liveChangeText({ kind: "condition", question: "ciudad" }, ptBR)]);
    expect(text).toContain("• “canal”: o valor guardado “redes” deixa de existir\n• “ciudad”: a condição para mostrar a pergunta muda");
  });
});
