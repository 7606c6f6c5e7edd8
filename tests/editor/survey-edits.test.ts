/**
 * The editor's changes to a survey file: each touches only the lines it
 * changes, keeps stored values, and refuses what would break a condition.
 */
import { describe, expect, test } from "vitest";
import { addOptions, addQuestion, anchorOption, duplicateQuestion, keepUnchangedParts, moveOption, removeOption, removeQuestion, renameOption, surveyOf } from "../../src/editor/model/survey-edits.ts";

const FILE = `{
  "id": "poll",
  "submitRequiredFields": [
    "pais",
    "cidade"
  ],
  "questions": [
    {
      "id": "pais",
      "type": "radio",
      "title": "País",
      "options": [
        "Brasil",
        "Chile",
        "Perú"
      ],
      "other": { "id": "paisOutro", "option": "Perú" }
    },
    {
      "id": "cidade",
      "type": "text",
      "title": "Cidade",
      "showIf": { "question": "pais", "equals": "Chile" }
    }
  ]
}
`;

/** The lines of `after` that differ from `before`, both ways. */
function changedLines(before: string, after: string): string[] {
  const old = before.split("\n");
  const now = after.split("\n");
  return [...now.filter((line) => !old.includes(line)).map((line) => `+${line.trim()}`), ...old.filter((line) => !now.includes(line)).map((line) => `-${line.trim()}`)];
}

const refusal = (result: { text: string } | { refused: string }) => ("refused" in result ? result.refused : "");

describe("renameOption", () => {
  test("shows the new text and keeps storing the old one, touching only that option's line", () => {
    const renamed = renameOption(FILE, 0, 0, "Brazil");
    expect(surveyOf(renamed).questions[0]).toMatchObject({ options: [{ value: "Brasil", label: "Brazil" }, "Chile", "Perú"] });
    expect(changedLines(FILE, renamed).filter((line) => line.startsWith("-"))).toEqual(['-"Brasil",']);
  });

  test("back at its stored text, the option is a plain text again: the file is as before", () => {
    expect(renameOption(renameOption(FILE, 0, 0, "Brazil"), 0, 0, "Brasil")).toBe(FILE);
  });

  test("stores the new text only when asked to", () => {
    expect(surveyOf(renameOption(FILE, 0, 0, "Brazil", true)).questions[0]).toMatchObject({ options: ["Brazil", "Chile", "Perú"] });
  });
});

describe("removeQuestion and shuffled blocks", () => {
  const blocks = (questions: string[][]) => `{
  "id": "poll",
  "questionBlocks": [${questions.map((ids) => `{ "questions": ${JSON.stringify(ids)}, "shuffleQuestions": true }`).join(", ")}],
  "questions": [${["a", "b", "c", "d"].map((id) => `{ "id": "${id}", "type": "text", "title": "${id}" }`).join(", ")}]
}`;
  const after = (text: string, index: number) => surveyOf((removeQuestion(text, index) as { text: string }).text).questionBlocks;

  test("takes the question out of its block", () => {
    expect(after(blocks([["a", "b", "c"]]), 1)).toEqual([{ questions: ["a", "c"], shuffleQuestions: true }]);
  });

  test("removes a block left with one question, and the key with the last block", () => {
    expect(after(blocks([["a", "b"], ["c", "d"]]), 0)).toEqual([{ questions: ["c", "d"], shuffleQuestions: true }]);
    expect(after(blocks([["a", "b"]]), 1)).toBeUndefined();
  });
});

describe("anchorOption", () => {
  test("anchors an option by writing it out with its value and label, touching only its line, and unanchored it is a plain text again", () => {
    const anchored = anchorOption(FILE, 0, 2, true);
    expect(surveyOf(anchored).questions[0]).toMatchObject({ options: ["Brasil", "Chile", { value: "Perú", label: "Perú", anchored: true }] });
    expect(changedLines(FILE, anchored).filter((line) => line.startsWith("-"))).toEqual(['-"Perú"']);
    expect(anchorOption(anchored, 0, 2, false)).toBe(FILE);
  });

  test("a renamed anchored option stays anchored", () => {
    expect(surveyOf(renameOption(anchorOption(FILE, 0, 2, true), 0, 2, "Peru")).questions[0]).toMatchObject({ options: ["Brasil", "Chile", { value: "Perú", label: "Peru", anchored: true }] });
  });
});

describe("moveOption", () => {
  test("swaps the two options' lines and nothing else", () => {
    const moved = moveOption(FILE, 0, 1, 0);
    expect(surveyOf(moved).questions[0]).toMatchObject({ options: ["Chile", "Brasil", "Perú"] });
    expect(moved.split("\n").length).toBe(FILE.split("\n").length);
    expect(changedLines(FILE, moved)).toEqual([]);
  });

  test("moves across several places", () => {
    expect(surveyOf(moveOption(FILE, 0, 0, 2)).questions[0]).toMatchObject({ options: ["Chile", "Perú", "Brasil"] });
  });
});

describe("removing", () => {
  test("a question a condition reads is refused, naming the condition", () => {
    expect(refusal(removeQuestion(FILE, 0))).toContain('question "cidade" is shown only depending on the answer to "pais"');
  });

  test("a question nothing reads goes, and leaves the submit-time list too", () => {
    const result = removeQuestion(FILE, 1);
    expect(refusal(result)).toBe("");
    const survey = surveyOf((result as { text: string }).text);
    expect(survey.questions.map((question) => question.id)).toEqual(["pais"]);
    expect(survey.submitRequiredFields).toEqual(["pais"]);
  });

  test.each([
    [1, 'question "cidade" is shown only depending on whether "Chile" was chosen'],
    [2, "the 'other' text field opens when \"Perú\" is chosen"],
  ])("option %i is refused while something uses it", (option, reason) => {
    expect(refusal(removeOption(FILE, 0, option))).toContain(reason);
  });

  test("an option nothing uses goes", () => {
    const result = removeOption(FILE, 0, 0);
    expect(surveyOf((result as { text: string }).text).questions[0]).toMatchObject({ options: ["Chile", "Perú"] });
  });
});

describe("adding", () => {
  test("pasted lines become options at the end; blank lines and options already there are skipped", () => {
    const added = addOptions(FILE, 0, "Uruguay\n\n  Chile \r\nParaguay\nUruguay\n");
    expect(surveyOf(added).questions[0]).toMatchObject({ options: ["Brasil", "Chile", "Perú", "Uruguay", "Paraguay"] });
  });

  test("a new question's id comes from its title, free when taken (a companion's included), and it has no emoji until one is chosen", () => {
    expect(surveyOf(addQuestion(FILE, "¿Tienes consultorio propio?", "text")).questions[2]).toMatchObject({ id: "tienesConsultorioPropio", type: "text", title: "¿Tienes consultorio propio?", emoji: "", required: false });
    expect(surveyOf(addQuestion(FILE, "País outro", "radio")).questions[2]).toMatchObject({ id: "paisOutro2", options: ["1", "2"] });
  });

  test("a copy of a question gets fresh ids for itself and its companion, and no condition", () => {
    const copy = surveyOf(duplicateQuestion(FILE, 0)).questions[1]!;
    expect(copy).toMatchObject({ id: "pais2", title: "País", other: { id: "paisOutro2", option: "Perú" } });
    const copied = surveyOf(duplicateQuestion(FILE, 1)).questions[2]!;
    expect(copied.id).toBe("cidade2");
    expect(copied.showIf).toBeUndefined();
  });
});

describe("keepUnchangedParts", () => {
  test("after a keystroke in one title, the other questions and parts are the objects they were, the edited one is new and reads the new title", () => {
    const before = surveyOf(FILE);
    const after = keepUnchangedParts(before, surveyOf(FILE.replace('"title": "País"', '"title": "Países"')));
    expect(after.questions[0]).not.toBe(before.questions[0]);
    expect(after.questions[0]!.title).toBe("Países");
    expect(after.questions.slice(1).every((question, index) => question === before.questions[index + 1])).toBe(true);
    expect(after.submitRequiredFields).toBe(before.submitRequiredFields);
    expect(after).toEqual(surveyOf(FILE.replace('"title": "País"', '"title": "Países"')));
  });
});

describe("a matrix's rows and columns, edited like options", () => {
  const MATRIX = `{
  "id": "poll",
  "questions": [
    { "id": "intereses", "type": "matrix", "title": "Intereses", "rows": ["podcasts", "videos"], "columns": ["alto", "bajo"] },
    { "id": "luego", "type": "text", "title": "Luego", "showIf": { "question": "intereses", "row": "videos", "equals": "bajo" } }
  ]
}
`;
  const matrixOf = (text: string) => surveyOf(text).questions[0] as unknown as { rows: unknown[]; columns: unknown[] };

  test("a row's or a column's new text keeps its stored value", () => {
    const renamed = renameOption(renameOption(MATRIX, 0, 0, "Podcasts", false, "rows"), 0, 1, "Poco", false, "columns");
    expect(matrixOf(renamed)).toMatchObject({ rows: [{ value: "podcasts", label: "Podcasts" }, "videos"], columns: ["alto", { value: "bajo", label: "Poco" }] });
  });

  test("rows are added, moved and removed in their own list", () => {
    const added = addOptions(MATRIX, 0, "newsletter\npodcasts", "rows");
    expect(matrixOf(added).rows).toEqual(["podcasts", "videos", "newsletter"]);
    expect(matrixOf(moveOption(added, 0, 2, 0, "rows")).rows).toEqual(["newsletter", "podcasts", "videos"]);
    expect(matrixOf(added).columns).toEqual(["alto", "bajo"]);
    const removed = removeOption(added, 0, 0, "rows");
    expect("text" in removed && matrixOf(removed.text).rows).toEqual(["videos", "newsletter"]);
  });

  test("a row or a column a condition reads cannot be removed", () => {
    expect(refusal(removeOption(MATRIX, 0, 1, "rows"))).toContain('"videos" cannot be removed: question "luego"');
    expect(refusal(removeOption(MATRIX, 0, 1, "columns"))).toContain('"bajo" cannot be removed: question "luego"');
  });
});
