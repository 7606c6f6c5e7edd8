import { describe, expect, test } from "vitest";
import { changeMessage } from "../../src/editor/model/change-message.ts";
import { describeChanges } from "../../src/editor/model/describe-changes.ts";
import { EDITOR_LANGUAGES } from "../../src/editor/words/index.ts";

const question = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: "radio", title: `Title of ${id}`, options: ["A", "B"], ...extra });
const survey = (questions: unknown[], extra: Record<string, unknown> = {}) => ({ id: "s", pageTitle: "P", questions, ...extra });

describe("describeChanges", () => {
  test("a renamed option reads as a rename, by its stored value, not as a removal and an addition", () => {
    expect(describeChanges(survey([question("a")]), survey([question("a", { options: [{ value: "A", label: "Alpha" }, "B"] })]))).toEqual([{ kind: "option-relabelled", from: "A", to: "Alpha" }]);
  });

  test("added, removed and reordered options, numbered by the question's place", () => {
    const before = survey([question("x"), question("a", { options: ["A", "B", "C"] })]);
    const after = survey([question("x"), question("a", { options: ["C", "B", "D"] })]);
    expect(describeChanges(before, after)).toEqual([
      { kind: "option-removed", number: 2, label: "A" },
      { kind: "option-added", number: 2, label: "D" },
      { kind: "options-reordered", number: 2 },
    ]);
  });

  test("questions matched by id: a move is a move, a new one is named by its title, a removed one too", () => {
    const before = survey([question("a"), question("b"), question("c")]);
    const after = survey([question("b"), question("a"), question("d", { title: "¿Tienes consultorio propio?" })]);
    expect(describeChanges(before, after)).toEqual([
      { kind: "question-removed", title: "Title of c" },
      { kind: "questions-reordered" },
      { kind: "question-added", title: "¿Tienes consultorio propio?" },
    ]);
  });

  test("a question's texts and rules by name, and the survey's own parts", () => {
    const before = survey([question("a")]);
    const after = survey([question("a", { title: "New", required: true })], { pageTitle: "Q" });
    expect(describeChanges(before, after)).toEqual([
      { kind: "survey-part", part: "pageTitle" },
      { kind: "question-part", number: 1, part: "title" },
      { kind: "question-part", number: 1, part: "required" },
    ]);
  });

  test("the same file twice has no change", () => {
    expect(describeChanges(survey([question("a")]), survey([question("a")]))).toEqual([]);
  });
});

describe("changeMessage", () => {
  const many = survey(["a", "b", "c", "d", "e"].map((id) => question(id, { title: `T ${id}` })));
  const renamedAll = survey(["a", "b", "c", "d", "e"].map((id) => question(id)));

  test("a few changes fit one line, in the editor's language", () => {
    const after = survey([question("a", { title: "New" }), question("b")]);
    expect(changeMessage("foreign-form", survey([question("a")]), after, EDITOR_LANGUAGES.en)).toBe('foreign-form: question 1 title; new question "Title of b"');
    expect(changeMessage("foreign-form", survey([question("a")]), after, EDITOR_LANGUAGES["pt-BR"])).toBe("foreign-form: pergunta 1: título; nova pergunta “Title of b”");
  });

  test("many changes: the first ones and a count on the first line, each one below", () => {
    const message = changeMessage("s", many, renamedAll, EDITOR_LANGUAGES.en);
    const [subject, blank, ...rest] = message.trimEnd().split("\n");
    expect(subject).toBe("s: question 1 title; question 2 title; question 3 title; and 2 more changes");
    expect(blank).toBe("");
    expect(rest).toEqual(["- question 1 title", "- question 2 title", "- question 3 title", "- question 4 title", "- question 5 title"]);
  });
});
