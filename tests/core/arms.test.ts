/**
 * A/B arms in the core (src/core/arms.ts and what carries the arm): the
 * survey as an arm shows it, the page's own draw, the arm a draft and a
 * partial row bring back, and the row that stores it.
 */
import { describe, expect, test } from "vitest";
import { armedSurvey, drawArm, knownArm } from "../../src/core/arms.ts";
import { conditionHolds } from "../../src/core/conditions.ts";
import type { Draft } from "../../src/core/draft.ts";
import { carriedOver } from "../../src/core/draft-fit.ts";
import { resumeFromRow } from "../../src/core/partial-resume.ts";
import { toRow } from "../../src/core/to-row.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const questions = [
  { id: "nombre", type: "text", title: "¿Nombre?", emoji: "👋", required: true },
  { id: "red", type: "radio", title: "¿Qué red usas?", emoji: "📱", required: true, options: ["Instagram", { value: "TikTok", label: "TikTok" }, "YouTube"] },
  { id: "motivo", type: "text", title: "¿Por qué?", emoji: "💬", required: false, showIf: { arm: "b" } },
] as Question[];
const config = tinySurvey({
  questions,
  arms: [{ id: "a" }, { id: "b", questions: { red: { title: "¿Dónde pasas más tiempo, {professionalName}?", subtitle: "Una sola", options: { Instagram: "Instagram (reels)", TikTok: "TikTok (videos)" }, optionOrder: ["YouTube", "TikTok", "Instagram"] } } }],
});
const labels = (survey: typeof config) => (survey.questions[1] as { options: (string | { label: string })[] }).options.map((option) => (typeof option === "string" ? option : option.label));
const draft = (answers: Record<string, unknown>): Draft => ({ questionId: "red", index: 1, answers, types: { nombre: "text", red: "radio", motivo: "text" }, responseId: "0b5f0c0e-8a4e-4c1a-9d7e-2f1e3c4b5a69", savedAt: 0, extra: {} });

describe("armedSurvey", () => {
  test("arm b rewords, relabels and reorders its question, with the professional's name filled in; the stored values stay", () => {
    const b = armedSurvey(config, "b");
    expect(b.questions[1]).toMatchObject({ title: "¿Dónde pasas más tiempo, X?", subtitle: "Una sola" });
    expect(labels(b)).toEqual(["YouTube", "TikTok (videos)", "Instagram (reels)"]);
    expect((b.questions[1] as { options: unknown[] }).options.map((option) => (typeof option === "string" ? option : (option as { value: string }).value))).toEqual(["YouTube", "TikTok", "Instagram"]);
  });

  test("the control, an unknown arm and no arm yet show the file itself", () => {
    for (const arm of ["a", "z", undefined]) expect(armedSurvey(config, arm)).toBe(config);
  });
});

describe("the arm in the answers", () => {
  test("the page's draw is one of the arms, each for some seed", () => {
    expect(new Set([0, 1, 2, 3].map((seed) => drawArm(config, seed)))).toEqual(new Set(["a", "b"]));
    expect(knownArm(config, "b")).toBe("b");
    expect(knownArm(config, "c")).toBeUndefined();
  });

  test("a question of arm b is asked in arm b only", () => {
    const lookup = (arm?: string) => (id: string) => (id === "arm" ? arm : undefined);
    expect([conditionHolds({ arm: "b" }, lookup("b")), conditionHolds({ arm: "b" }, lookup("a")), conditionHolds({ arm: "b" }, lookup())]).toEqual([true, false, false]);
  });

  test("a draft brings its arm and who chose it back; an arm the survey no longer has is not brought", () => {
    expect(carriedOver(config, draft({ arm: "b", armSource: "page" }), { visitId: "" })).toMatchObject({ arm: "b", armSource: "page" });
    expect(carriedOver(config, draft({ arm: "c", armSource: "database" }), { visitId: "" })).not.toHaveProperty("arm");
  });

  test("a partial row brings its arm back into the answers", () => {
    const { restored } = resumeFromRow(config, { id: "0b5f0c0e-8a4e-4c1a-9d7e-2f1e3c4b5a69", nombre: "Ana", red: "TikTok", last_step: "red", arm: "b", arm_source: "database" });
    expect(restored?.answers).toMatchObject({ red: "TikTok", arm: "b", armSource: "database" });
  });

  test("the row stores the arm and who chose it; a survey's row without an arm yet stores neither", () => {
    const answers = { nombre: "Ana", red: "TikTok", motivo: "", visitId: "" };
    expect(toRow(config, { ...answers, arm: "b", armSource: "database" }, "id")).toMatchObject({ arm: "b", arm_source: "database" });
    expect(toRow(config, answers, "id")).not.toHaveProperty("arm");
  });
});
