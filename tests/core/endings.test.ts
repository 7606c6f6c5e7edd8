import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { reachedEnding } from "../../src/core/endings.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { toRow } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const config = JSON.parse(readFileSync("tests/fixtures/surveys/endings/endings-form.json", "utf8")) as SurveyConfig;

describe("reachedEnding", () => {
  test.each([
    [{ testarServicos: "Sí", whatsapp: "+55 11 9999" }, "interested"],
    [{ testarServicos: "Tal vez" }, "maybe"],
    [{ testarServicos: "No me interesa" }, "not-interested"],
    [{}, "not-interested"],
  ])("answers %j end on %s", (answers, id) => {
    expect(reachedEnding(config, answers)?.id).toBe(id);
  });

  test("an answer to a question no longer asked does not count: a WhatsApp typed before switching to 'Tal vez' ends on maybe", () => {
    expect(reachedEnding(config, { testarServicos: "Tal vez", whatsapp: "+55 11 9999" })?.id).toBe("maybe");
  });

  test("a survey without endings reaches none and stores no ending", () => {
    const { endings: _endings, ...single } = config;
    expect(reachedEnding(single, { testarServicos: "Sí" })).toBeUndefined();
    expect(toRow(single, { testarServicos: "Sí" }, "id")).not.toHaveProperty("ending");
  });
});

describe("toRow with endings", () => {
  test("stores the id of the ending the answers reach", () => {
    expect(toRow(config, { nomeCompleto: "Ana", testarServicos: "Sí", whatsapp: "+55" }, "id").ending).toBe("interested");
    expect(toRow(config, { nomeCompleto: "Ana", testarServicos: "No me interesa" }, "id").ending).toBe("not-interested");
  });
});

describe("resolveSurvey with endings", () => {
  const resolved = resolveSurvey(config);

  test("each ending has its own page: its own words over the survey's thankYou, over the preset", () => {
    const [interested, , fallback] = resolved.endings;
    expect(interested!.thankYou).toMatchObject({ path: "/finales/thank-you/interested", heading: "¡Nos vemos pronto!", tip: "💡 Síguenos en Instagram." });
    expect(fallback!.thankYou).toMatchObject({ path: "/finales/thank-you", tip: "💡 Síguenos en Instagram." });
    expect(fallback!.thankYou.heading).toBe(resolveSurvey({ ...config, endings: undefined }).thankYou.heading);
  });

  test("the survey's thank-you page is its default ending's", () => {
    expect(resolved.thankYou).toEqual(resolved.endings[2]!.thankYou);
  });
});
