import { describe, expect, test } from "vitest";
import { freshId, idBaseFromTitle, renameQuestion } from "../../src/editor/model/question-ids.ts";
import { surveyOf } from "../../src/editor/model/survey-edits.ts";

const FILE = `{
  "id": "poll",
  "submitRequiredFields": ["pais"],
  "questions": [
    { "id": "pais", "type": "radio", "title": "País", "options": ["Brasil", "Chile"] },
    {
      "id": "cidade",
      "type": "text",
      "title": "¿En qué ciudad de {answer:pais|tu país} vives?",
      "showIf": { "all": [{ "question": "pais", "equals": "Chile" }, { "not": { "question": "pais", "equals": "Brasil" } }] }
    }
  ]
}
`;

describe("idBaseFromTitle", () => {
  test.each([
    ["¿Tienes consultorio propio?", "tienesConsultorioPropio"],
    ["  Año de graduación ", "anoDeGraduacion"],
    ["3 cosas que te importan", "cosasQueTeImportan"],
    ["¿?", "pergunta"],
    ["Una pregunta muy larga que sigue y sigue sin terminar nunca jamás", "unaPreguntaMuyLargaQueSigueYSigueSin"],
  ])("%s → %s", (title, id) => {
    expect(idBaseFromTitle(title)).toBe(id);
    expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(id.length).toBeLessThanOrEqual(40);
  });
});

describe("freshId", () => {
  test("never a taken id nor a reserved column (a PostgreSQL key word, or one every table has)", () => {
    const config = surveyOf(FILE);
    expect(freshId(config, "pais")).toBe("pais2");
    expect(freshId(config, "select")).toBe("select2");
    expect(freshId(config, "createdAt")).toBe("createdAt2");
    expect(freshId(config, "pais", "pais")).toBe("pais");
  });
});

describe("renameQuestion", () => {
  test("renames the id and every reference: condition tests at any depth, the submit-time list, recalled answers", () => {
    const renamed = renameQuestion(FILE, surveyOf(FILE), 0, "paisResidencia");
    const config = surveyOf(renamed);
    expect(config.questions[0]!.id).toBe("paisResidencia");
    expect(config.submitRequiredFields).toEqual(["paisResidencia"]);
    expect(config.questions[1]!.title).toBe("¿En qué ciudad de {answer:paisResidencia|tu país} vives?");
    expect(JSON.stringify(config.questions[1]!.showIf)).not.toContain('"pais"');
    expect(JSON.stringify(config.questions[1]!.showIf).match(/paisResidencia/g)).toHaveLength(2);
  });

  test("renames it in a shuffled block's list too", () => {
    const withBlock = FILE.replace('"submitRequiredFields": ["pais"],', '"submitRequiredFields": ["pais"],\n  "questionBlocks": [{ "questions": ["pais", "cidade"], "shuffleQuestions": true }],');
    expect(surveyOf(renameQuestion(withBlock, surveyOf(withBlock), 0, "paisResidencia")).questionBlocks).toEqual([{ questions: ["paisResidencia", "cidade"], shuffleQuestions: true }]);
  });

  test("the same id leaves the text as it was", () => {
    expect(renameQuestion(FILE, surveyOf(FILE), 0, "pais")).toBe(FILE);
  });
});
